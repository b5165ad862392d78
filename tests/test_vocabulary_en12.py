"""How English patients name symptoms and conditions in chat, kept as data
(``anamnesis/terminology/data/chat_forms_en.tsv``): verb and adjective predicates, slang, clipped
and misspelt names, UK and US usage, and the forms an assistant's question uses.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for this test; none is from the gold,
dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
SYMPTOMS: list[Row] = [
    ("been throwing up everything since last night and cant keep water down", None,
     {("symptoms", "vomiting", "active")}),
    ("my head is banging and the light hurts", None,
     {("symptoms", "headache", "active"), ("symptoms", "photophobia", "active")}),
    ("cant catch my breath going up the stairs", None, {("symptoms", "shortness of breath", "active")}),
    ("feeling really queasy and sicky today", None, {("symptoms", "nausea", "active")}),
    ("totally shattered all the time, running on empty", None, {("symptoms", "fatigue", "active")}),
    ("it stings when i wee and im peeing every hour", None,
     {("symptoms", "dysuria", "active"), ("symptoms", "frequent urination", "active")}),
    ("woke up drenched again, soaked the sheets", None, {("symptoms", "night sweats", "active")}),
    ("my tummy is killing me", None, {("symptoms", "abdominal pain", "active")}),
    ("proper bunged up nose and a streaming cold", None,
     {("symptoms", "nasal congestion", "active"), ("diagnoses", "common cold", "active")}),
    ("the squits started on holiday", None, {("symptoms", "diarrhea", "active")}),
    ("havent pooed for 4 days", None, {("symptoms", "constipation", "active")}),
    ("cant smell a thing since the weekend", None, {("symptoms", "anosmia", "active")}),
    ("my ears keep ringing at night", None, {("symptoms", "tinnitus", "active")}),
    ("heart keeps skipping and going like the clappers", None, {("symptoms", "palpitations", "active")}),
    ("getting pins and needles in my fingers", None, {("symptoms", "paresthesia", "active")}),
    ("spotted some blood in my wee this morning", None, {("symptoms", "hematuria", "active")}),
    ("glands are up and it hurts to swallow", None,
     {("symptoms", "swollen lymph nodes", "active"), ("symptoms", "sore throat", "active")}),
    ("my sleep is broken, awake at 3am every night", None, {("symptoms", "insomnia", "active")}),
    ("came out in hives after the prawns", None, {("symptoms", "urticaria", "active")}),
    ("baby is teething and off her milk", None,
     {("symptoms", "teething", "active"), ("symptoms", "poor feeding", "active")}),
    ("feel giddy when i stand up too fast", None, {("symptoms", "dizziness", "active")}),
    ("coughing up green stuff every morning", None, {("symptoms", "sputum production", "active")}),
    ("my poo is black and tarry", None, {("symptoms", "melena", "active")}),
    ("stream is weak and it takes ages to pee", None,
     {("symptoms", "weak urinary stream", "active"), ("symptoms", "difficulty urinating", "active")}),
    # the assistant's question names the symptom the way patients do; the answer takes it
    ("yes a bit", "Any burning when you pee?", {("symptoms", "dysuria", "active")}),
    ("no", "Have you noticed any blood in your poo?", {("symptoms", "hematochezia", "confirmed_absent")}),
    # any form with "my" is also asked with "your", and any "n't" is also typed without its apostrophe
    ("yes", "Have you lost your sense of smell?", {("symptoms", "anosmia", "active")}),
    ("no", "Any tightness in your chest?", {("symptoms", "chest tightness", "confirmed_absent")}),
    ("yeah sometimes", "Do you get ringing in your ears?", {("symptoms", "tinnitus", "active")}),
    ("i cant stop scratching", None, {("symptoms", "itching", "active")}),
    ("yes", "Any burning when you pass urine?", {("symptoms", "dysuria", "active")}),
    ("no", "Does it hurt when you breathe in?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("yes, a bit", "Is your chest tight?", {("symptoms", "chest tightness", "active")}),
    ("no", "Is your urine dark?", {("symptoms", "dark urine", "confirmed_absent")}),
    ("yes very", "Are your periods heavy?", {("symptoms", "heavy menstrual bleeding", "active")}),
    ("havent opened my bowels since friday", None, {("symptoms", "constipation", "active")}),
]

CONDITIONS: list[Row] = [
    ("ive got high bp and type 2, on metformin", None,
     {("chronic_conditions", "hypertension", "active"), ("chronic_conditions", "type 2 diabetes", "active"),
      ("medications", "metformin", "active")}),
    ("my asthma is playing up with the cold weather", None, {("chronic_conditions", "asthma", "active")}),
    ("gout flare in my big toe again", None, {("chronic_conditions", "gout", "active")}),
    ("i have borderline diabetes", None, {("diagnoses", "prediabetes", "active")}),
    ("been told i have an under active thyroid", None, {("chronic_conditions", "hypothyroidism", "active")}),
    ("GP says i have a water infection", None, {("diagnoses", "urinary tract infection", "active")}),
    ("he has PCOS and endometriosis", None, set()),
    ("i have PCOS", None, {("chronic_conditions", "polycystic ovary syndrome", "active")}),
    ("suffer with anxiety and depression", None,
     {("chronic_conditions", "anxiety disorder", "active"), ("chronic_conditions", "depression", "active")}),
    ("my excema is bad on my hands", None, {("chronic_conditions", "atopic dermatitis", "active")}),
    ("the camera showed a stomach ulcer", None, {("diagnoses", "peptic ulcer", "active")}),
    ("i have sciatica down my left leg", None, {("symptoms", "sciatica", "active")}),
    ("my kidneys arent working properly, stage 3", None, {("chronic_conditions", "chronic kidney disease", "active")}),
    ("i have a weak heart, ef is low", None, {("chronic_conditions", "heart failure", "active")}),
    ("she has parkinsons", None, set()),
    ("i have parkinsons", None, {("chronic_conditions", "parkinson's disease", "active")}),
    ("got a stinking cold", None, {("diagnoses", "common cold", "active")}),
    ("sugars running high all week", None, {("diagnoses", "hyperglycemia", "active")}),
    ("i have pre-eclampsia", None, {("diagnoses", "preeclampsia", "active")}),
    ("they found a stone in my ureter", None, {("diagnoses", "ureterolithiasis", "active")}),
    ("i have haemorroids", None, {("diagnoses", "hemorrhoids", "active")}),
    ("i have fungal toenails", None, {("diagnoses", "onychomycosis", "active")}),
    ("scan showed a clot on my lung", None, {("diagnoses", "pulmonary embolism", "active")}),
]
NEW_CONCEPTS: list[Row] = [
    # concepts patients name that had no row; the more specific one is its own row (terminology README rule 3)
    ("had my booster yesterday and my arm is sore from the jab", None, {("symptoms", "injection site pain", "active")}),
    ("awful loin pain since this morning", None, {("symptoms", "flank pain", "active")}),
    ("i get the zigzag lines about 20 min before the headache", None,
     {("symptoms", "visual aura", "active"), ("symptoms", "headache", "active")}),
    ("my stomach feels off after the new tablets", None, {("symptoms", "abdominal discomfort", "active")}),
    ("GP rang, my TSH is a bit high", None, {("diagnoses", "elevated thyroid-stimulating hormone", "active"),
                                             ("diagnoses", "^low thyroid-stimulating hormone", "resolved")}),
    ("urologist said my PSA came back high", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    ("bloods showed a raised ALT", None, {("diagnoses", "elevated alanine aminotransferase", "active")}),
    ("my knee keeps giving way on the stairs", None, {("symptoms", "knee instability", "active")}),
    ("sensitive teeth with anything cold", None, {("symptoms", "tooth sensitivity", "active")}),
    ("sore nipples from feeding", None, {("symptoms", "nipple pain", "active")}),
    ("only get a few periods a year, periods are few and far between", None, {("symptoms", "oligomenorrhea", "active")}),
    ("i have IBD", None, {("chronic_conditions", "inflammatory bowel disease", "active")}),
    ("i have dupuytrens in my right hand", None, {("chronic_conditions", "dupuytren's contracture", "active")}),
    ("i live with chronic pain", None, {("chronic_conditions", "chronic pain", "active")}),
    ("the allergist said it was angioedema", None, {("symptoms", "angioedema", "active")}),
    ("physio says its shin splints", None, {("diagnoses", "shin splints", "active")}),
]
DRUGS: list[Row] = [
    # the names patients give a medicine: its colour, its kind, a UK or US brand, a misspelling
    ("i use the blue inhaler most days", None, {("medications", "salbutamol", "active")}),
    ("on the brown inhaler twice a day", None, {("medications", "beclometasone", "active")}),
    ("i'm on the mini pill", None, {("medications", "desogestrel", "active")}),
    ("took the morning after pill on saturday", None, {("medications", "levonorgestrel", "active")}),
    ("i take yasmin", None, {("medications", "drospirenone/ethinylestradiol", "active")}),
    ("i have the contraceptive implant", None, {("medications", "etonogestrel", "active")}),
    ("on levo 100 for my thyroid", None, {("medications", "levothyroxine", "active")}),
    ("gtn spray under my tongue as needed", None, {("medications", "glyceryl trinitrate", "active")}),
    ("i take lymecycline for my skin", None, {("medications", "lymecycline", "active")}),
    ("i take piriton at night", None, {("medications", "chlorphenamine", "active")}),
    ("nytol most nights to get off to sleep", None, {("medications", "diphenhydramine", "active")}),
    ("i take laxido every morning", None, {("medications", "macrogol", "active")}),
    ("i take ibuprophen for my knees", None, {("medications", "ibuprofen", "active")}),
    ("solpadeine for the toothache", None,
     {("medications", "paracetamol/codeine", "active"), ("symptoms", "toothache", "active")}),
    ("my vit d3 is 1000 units a day", None, {("medications", "cholecalciferol", "active")}),
    ("on zispin 15 at night", None, {("medications", "mirtazapine", "active")}),
    ("i take flomaxtra 400", None, {("medications", "tamsulosin", "active")}),
    ("the gp gave me septrin for the infection", None, {("medications", "sulfamethoxazole/trimethoprim", "active")}),
    ("i inject imraldi every 2 weeks", None, {("medications", "adalimumab", "active")}),
    ("i use sinex for my blocked nose", None,
     {("medications", "oxymetazoline", "active"), ("symptoms", "nasal congestion", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), SYMPTOMS + CONDITIONS + NEW_CONCEPTS + DRUGS)
def test_everyday_names_become_the_fact(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected

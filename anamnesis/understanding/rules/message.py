"""One user message (with the assistant turn before it) to the sections it touches and its events.

The steps: scan once; cut into clauses; per clause find the mentions, their states and
sections; read a short answer against the assistant's question; attach doses, frequencies,
times and severities; merge duplicates; let a specific positive fact win over a
section-wide denial of its section in the same message.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from anamnesis.terminology.text import detect_lang, normalise
from anamnesis.understanding.rules import mesh
from anamnesis.understanding.rules.acts_as_when import acts_as_when
from anamnesis.understanding.rules.advice_asked import advice_only
from anamnesis.understanding.rules.allergen_fine import fine_with_allergens
from anamnesis.understanding.rules.allergies import (
    cannot_have_named,
    cannot_take_it,
    drug_allergy_denial_beside_allergy,
    medicine_denial_under_allergy_question,
    reactions_of_allergies,
    without_outgrown_allergens,
)
from anamnesis.understanding.rules.answers import Topic, asked_in
from anamnesis.understanding.rules.approaches import without_approaches
from anamnesis.understanding.rules.asked_parts import answered_by_part, points_by_place
from anamnesis.understanding.rules.attributes import attach
from anamnesis.understanding.rules.back_to_normal import says_back_to_normal, with_back_to_normal
from anamnesis.understanding.rules.bare_answers import (
    amount_answer,
    answers_in_order,
    only_says_no,
    polarity,
)
from anamnesis.understanding.rules.checked_statement import split_checked_statement
from anamnesis.understanding.rules.class_allergies import without_class_members
from anamnesis.understanding.rules.clause_facts import (
    as_vaccines,
    clause_facts,
    jab_talk,
    me_neither,
    me_too,
    named_among_jabs,
    one_of_the_jabs,
    relative_has,
    relative_too,
    touch,
)
from anamnesis.understanding.rules.compounds import expand_compounds
from anamnesis.understanding.rules.course_over import with_course_over
from anamnesis.understanding.rules.crushed_stones import with_crushed_stones
from anamnesis.understanding.rules.demographics import add_compact_profile, read_demographics
from anamnesis.understanding.rules.denial_time import (
    began_later,
    denies_a_dose_or_effect,
    denies_an_effect,
    denies_how_often,
    had_before,
    held_at_other_times,
    since_anchor,
    since_then,
    still_without,
    taken_before,
)
from anamnesis.understanding.rules.departments import without_department_names
from anamnesis.understanding.rules.diabetes_type import name_diabetes_type
from anamnesis.understanding.rules.diagnosed_anchor import anchors_stay
from anamnesis.understanding.rules.discourse import (
    addressed_to_system,
    joined_letters,
    take_back_corrections,
    without_system_sentences,
    zh_negation_inside_terms,
    zh_question_particles,
    zh_spaces_as_commas,
    zh_topic_de_hua,
)
from anamnesis.understanding.rules.drug_course import (
    stopped_for_its_effect,
    switched_from_before,
    switched_from_earlier,
    without_past_side_effects,
    without_zh_side_effects,
)
from anamnesis.understanding.rules.drug_effects import effect_links, without_ended_effects
from anamnesis.understanding.rules.echoes import echo, echoed_question
from anamnesis.understanding.rules.elided_heads import with_elided_heads
from anamnesis.understanding.rules.en_negation import en_negation_inside_terms
from anamnesis.understanding.rules.en_went import went_as_ending
from anamnesis.understanding.rules.ending_ahead import endings_ahead
from anamnesis.understanding.rules.endings import (
    ended_since,
    healed_long_ago,
    healing_is_no_stop,
    heals,
    over_when_dated,
    removed_by_operation,
    stop_ends_the_drug,
)
from anamnesis.understanding.rules.event_signs import without_event_signs
from anamnesis.understanding.rules.felt_burning import without_burning_verbs
from anamnesis.understanding.rules.fine_parts import fine_parts, says_fine
from anamnesis.understanding.rules.first_answer import answers_by_piece, answers_by_sentence, first_sentence_answer
from anamnesis.understanding.rules.fracture_denied import denies_a_fracture, with_fracture_denied
from anamnesis.understanding.rules.gate import Literals, literals_in
from anamnesis.understanding.rules.gestation import add_gestation
from anamnesis.understanding.rules.injury_named_within import without_generic_injuries
from anamnesis.understanding.rules.itchy_lesions import without_lesion_itch
from anamnesis.understanding.rules.jab_done import jabs_done
from anamnesis.understanding.rules.jab_setting import jabs_by_setting, sore_arm_after_jab
from anamnesis.understanding.rules.kin_ages import without_kin_ages
from anamnesis.understanding.rules.lexicon import Lexicon
from anamnesis.understanding.rules.listed_answers import pieces_for_listed
from anamnesis.understanding.rules.long_tail import (
    TAKING,
    may_have,
    names_no_condition,
    names_no_drug,
    reads_as_taking,
    with_drugbank,
    with_mesh,
)
from anamnesis.understanding.rules.looks import without_finding_sources
from anamnesis.understanding.rules.measurements import (
    asked_test,
    judges_a_finding,
    out_of_range_findings,
    without_test_readings,
)
from anamnesis.understanding.rules.medicines import (
    cause_not_denied,
    circumstance_not_denied,
    classes_ended_only,
    drinks_a_diet_drink,
    drinks_other,
    drinks_something_else,
    drug_drunk_before,
    purposes_stay,
    without_tasted_diet,
)
from anamnesis.understanding.rules.mentions import Mention, find_mentions, of_the_asked_part, topic_part
from anamnesis.understanding.rules.merge import merge_facts
from anamnesis.understanding.rules.named_by_site import name_by_site, site_question
from anamnesis.understanding.rules.never_stopped import denied_stop, ru_not_stopped
from anamnesis.understanding.rules.not_yet_used import held_not_used_yet
from anamnesis.understanding.rules.number_sign import without_number_signs
from anamnesis.understanding.rules.occasions import (
    en_without_occasions,
    ru_without_occasions,
    without_accident_settings,
    without_mobility,
    without_occasions,
    without_triggers,
)
from anamnesis.understanding.rules.one_occasion import without_one_occasion_denials
from anamnesis.understanding.rules.only_asked import may_keep
from anamnesis.understanding.rules.operated import treated_by_operation
from anamnesis.understanding.rules.operations_denied import operations_denied
from anamnesis.understanding.rules.organ_cancer import with_organ_cancer
from anamnesis.understanding.rules.others import ZH_OTHERS
from anamnesis.understanding.rules.own_care import answers_asked_of_the_user, own_care_sentences
from anamnesis.understanding.rules.own_noun import ends_own_object
from anamnesis.understanding.rules.part_senses import without_adverb_backs
from anamnesis.understanding.rules.parts_named import names_own_part
from anamnesis.understanding.rules.plans import (
    unmade_operations,
    without_coming_starts,
    without_later_starts,
    without_not_yet_done,
    without_unbought,
)
from anamnesis.understanding.rules.pregnancy_denied import add_pregnancy_denied, denies_pregnancy
from anamnesis.understanding.rules.pressure_answers import names_pressure, pressure_named_as_illness
from anamnesis.understanding.rules.presupposed import owned, zh_presupposed
from anamnesis.understanding.rules.reaction_drugs import without_reaction_drugs
from anamnesis.understanding.rules.reading import ASKED_FAMILY, DIGIT, FAMILY_KINDS, Message
from anamnesis.understanding.rules.referring import recovers, stops_by_pronoun, with_recovery, with_referring
from anamnesis.understanding.rules.replies import (
    agrees_with_denial,
    answer_question,
    dates_the_asked,
    gives_a_schedule,
    presumed_conditions,
    reported_answer,
    takes_the_statement,
)
from anamnesis.understanding.rules.revised import rule_out_revised
from anamnesis.understanding.rules.ru_allergens import drugs_as_allergens
from anamnesis.understanding.rules.ru_ellipsis import borrow_elided_denial
from anamnesis.understanding.rules.ru_me_neither import heard_of_others
from anamnesis.understanding.rules.ru_me_neither import me_neither as ru_me_neither
from anamnesis.understanding.rules.ru_negation import (
    no_longer_carries,
    ru_adverbs_out_of_terms,
    ru_negation_inside_terms,
    without_guessed_absences,
    without_infinitive_denials,
)
from anamnesis.understanding.rules.ru_pressure import pressure_as_illness
from anamnesis.understanding.rules.ru_taken_off import taken_off_as_ending
from anamnesis.understanding.rules.ru_vaccines import jabbed_diseases
from anamnesis.understanding.rules.ruled_out import with_ruled_out
from anamnesis.understanding.rules.segment import Clause, Hit, clauses, reason_after, sentences
from anamnesis.understanding.rules.senses import in_their_sense, topic_terms
from anamnesis.understanding.rules.status import assign_states
from anamnesis.understanding.rules.stop_dated import stops_dated_by_events
from anamnesis.understanding.rules.stop_failed import failed_stops_go_on
from anamnesis.understanding.rules.stops_in_message import stops_in_message
from anamnesis.understanding.rules.switched_across import replaced_before
from anamnesis.understanding.rules.temperature_answers import reads_temperature, temperature_answered
from anamnesis.understanding.rules.told_as_question import told_as_question
from anamnesis.understanding.rules.told_to import told_to
from anamnesis.understanding.rules.typos import corrected
from anamnesis.understanding.rules.untold import untold
from anamnesis.understanding.rules.without_medicines import without_medicine_circumstances
from anamnesis.understanding.rules.zh_advice import advised, forbidden_drugs, skin_tested
from anamnesis.understanding.rules.zh_injured_part import says_bare_complaint
from anamnesis.understanding.rules.zh_no_longer_much import no_longer_much
from anamnesis.understanding.rules.zh_over_after import zh_over_after_told
from anamnesis.understanding.rules.zh_topic_part import zh_asked_part, zh_shared_part
from schemas.sections import PRESENT_STATUS, SECTIONS

#: What reading a message gives: the sections it touches and its events.
Reading = tuple[tuple[str, ...], list[dict[str, Any]]]
#: Each section's place in SECTIONS: the order of a reading's sections.
_SECTION_AT = {section: n for n, section in enumerate(SECTIONS)}
#: Kinds for which "not since March" is an ending: habits, medicines and illnesses.
_ENDS_SINCE = frozenset({"drug", "lifestyle", "symptom", "diagnosis", "condition", "injury"})
_CONTENT = frozenset({"term", "section", "allergy", "family", "sexword"})
_ANSWERS = frozenset({"yes", "neg", "end", "accept", "start", "when", "some", "freq", "sev", "lsvalue"})
#: Kinds of what a medicine is taken for: a denial of its effect leaves them present.
_TREATED = frozenset({"symptom", "condition", "diagnosis"})
_TAKING_GATE = TAKING | {"end"}
_ZH_TAIL = " 。！!.,，?？~～"
#: "四十毫克", "十八个单位": a dose in Chinese numerals is a number too
_CN_AMOUNT = re.compile(r"[一二两三四五六七八九十百]+(?:毫克|微克|毫升|个单位|单位|克)")


def understand_text(
    text: str, context: str | None, lang_hint: str | None, lexicon: Lexicon
) -> Reading:
    """(sections touched, proposed events) of one user message."""
    if not context:
        return read_message(text, None, lang_hint, lexicon)
    return read_message(text, asked_of(context, lang_hint), lang_hint, lexicon, asked_test(context))


def asked_of(context: str, lang_hint: str | None) -> Topic | None:
    """What the assistant's turn ``context`` asks, as a reply is read against it: its topic, or a
    question that asks nothing a bare reply answers but names an organ ("Сдавали ПСА?": its "рака
    нет" is of the prostate)."""
    return asked_in(context) or site_question(context, lang_hint)


def read_message(
    text: str, asked: Topic | None, lang_hint: str | None, lexicon: Lexicon, asked_test: str | None = None
) -> Reading:
    """:func:`understand_text` of a message whose context asks ``asked`` (and the result of
    ``asked_test``: :func:`measurements.asked_test`): the context matters only through what it
    asks, so two contexts asking the same thing read a message alike."""
    # "G E R D" is "gerd"; "能治好不" asks as "能治好？" does
    norm = zh_question_particles(zh_spaces_as_commas(joined_letters(text, normalise(text))))
    gates = literals_in(norm)  # one pass for the literals of every gate below (again if the text changes)
    if addressed_to_system(norm, gates):
        return (), []  # an instruction to the system is never a health statement
    norm = without_system_sentences(norm, gates)  # "..., btw mark him as allergic to nothing": that part
    norm = corrected(norm)  # "migranes", "amoxicilin": an English name one letter off
    norm = zh_topic_de_hua(norm, lexicon.matcher.scan_each)  # "过敏的话没有": as for allergies, none
    hits = lexicon.matcher.scan_each(norm)
    if asked is not None and asked.jabs and (jabs := jabs_done(norm, detect_lang(norm, lang_hint), asked.jabs, hits)):
        # "Yes, the shingles vaccine is recommended from 50" — "ok got the first one done today"
        return _both((("vaccinations",), jabs), read_message(text, replace(asked, jabs=()), lang_hint, lexicon))
    norm, hits = without_adverb_backs(norm, hits, lexicon.matcher.scan_each)  # "came back": no body part
    norm, hits = take_back_corrections(norm, hits, lexicon.matcher.scan_each, gates)
    norm, hits = zh_negation_inside_terms(norm, hits, lexicon.matcher.scan_each, lexicon.matcher.bare_pairs)
    hits = zh_shared_part(norm, hits, lexicon.matcher.scan_each)  # "头不疼也不晕": 晕 is the head's
    if asked is not None and asked.body:
        hits = zh_asked_part(norm, hits, asked.body, lexicon.matcher.scan_each)  # "脚踝怎么样了？" — "不肿了"
    norm, hits = ru_negation_inside_terms(norm, hits, lexicon.matcher.scan_each)  # "голова не кружится"
    norm, hits = en_negation_inside_terms(norm, hits, lexicon.matcher.scan_each)  # "legs arent weak"
    # "did I mention I had a kidney stone zapped?": a statement, asked only of its telling
    if "?" in norm or "？" in norm:  # every question of telling ends in one
        norm, hits = told_as_question(norm, hits, lexicon.matcher.scan_each)
    norm, hits = ru_adverbs_out_of_terms(norm, hits, lexicon.matcher.scan_each)  # "запахов вообще не чувствую"
    hits = without_infinitive_denials(norm, hits)  # "болит так, что не разогнуться"
    hits = without_number_signs(norm, hits)  # "gout flare no.3 this year": the third, not a denial
    hits = without_medicine_circumstances(norm, hits)  # "засыпаю без всяких таблеток": no denial of medicines
    hits = expand_compounds(hits)  # "三高": hypertension, diabetes and high lipids
    hits = with_elided_heads(norm, hits, lexicon.matcher.scan_each)  # "breast or ovarian cancer": both
    topic = topic_terms([e for _, e in asked.items] + [asked.body, asked.part_asked]) if asked is not None else ()
    hits = in_their_sense(norm, hits, topic)  # "cramps and bloating": the belly's cramps
    hits = went_as_ending(norm, hits)  # "nausea went after a couple of weeks"
    hits = taken_off_as_ending(norm, hits)  # "с эналаприла сняли": the drug stopped
    hits = without_department_names(norm, hits)  # "风湿科": the rheumatology clinic, no illness
    hits = without_kin_ages(norm, hits)  # "у старшей сестры": the sister, no daughter
    if gates.text is not norm:
        gates = literals_in(norm)
    hit_cats = {lex.cat for _, _, lex in hits}  # the message's cues, once for the tests below
    goes_along = hit_cats.isdisjoint(("neg", "end"))  # no denial, no ending
    if asked is not None and not asked.each and (
        listed := pieces_for_listed(norm, asked, lexicon.matcher.scan_each, detect_lang(norm, lang_hint))
    ):
        # "Хронические заболевания, операции, аллергия на лекарства?" — "нет, нет и на пенициллин": a piece each
        reading = ((), [])
        for piece, one in listed:
            reading = _both(reading, read_message(piece, one, lang_hint, lexicon))
        return reading
    if asked is not None and (asked.each or len(asked.items) > 1):
        # "Any allergies? Any medications?" — "no and yes": one answer per question; "Any fever or
        # cough?" — "no, yes": one answer per thing the one question lists, when the answers differ
        each = asked.each or tuple(replace(asked, items=(item,)) for item in asked.items)
        pieces = answers_in_order(norm, len(each), lexicon.matcher.scan_each, detect_lang(norm, lang_hint))
        if pieces is not None and (asked.each or _differ(pieces, lexicon, detect_lang(norm, lang_hint))):
            reading: Reading = ((), [])
            for piece, one in zip(pieces, each, strict=True):
                reading = _both(reading, read_message(piece, one, lang_hint, lexicon))
            return reading
    if asked is not None and asked.each:
        in_order_lang = detect_lang(norm, lang_hint)
        if (one := echoed_question(norm, asked.each, hits, in_order_lang)) is not None:
            return read_message(text, one, lang_hint, lexicon)  # "出过" to "出过水痘吗？有没有慢性病？"
        # "Что-нибудь принимаете? Аллергия есть?" — "ничего. на аспирин сыпь": a sentence per question
        by_sentence = answers_by_sentence(asked, norm, lexicon.matcher.scan_each, in_order_lang) or answers_by_piece(
            asked, norm, lexicon.matcher.scan_each, in_order_lang
        )  # "没做过 烟不抽" to "以前做过手术吗？抽烟吗？": a piece per question
        if by_sentence is not None:
            reading = ((), [])
            for piece, one in zip(by_sentence, asked.each, strict=True):
                reading = _both(reading, read_message(piece, one, lang_hint, lexicon))
            return reading
        # "Принимаете что-то постоянно? Аллергии есть?" — "ничего не пью. аллергии нет": the first
        # sentence answers the first question, the rest of the reply is read against the turn
        if first := first_sentence_answer(norm, asked.each, lexicon.matcher.scan_each, in_order_lang):
            first_read = read_message(norm[:first], asked.each[0], lang_hint, lexicon)
            return _both(first_read, read_message(norm[first:], asked, lang_hint, lexicon))
    if asked is not None and asked.statement:
        # "Right.", "Back in the forties.": agreeing or dating what was stated takes it as so, as "yes" does
        assent = polarity(norm, hits, detect_lang(norm, lang_hint)) == "yes" or takes_the_statement(norm, hits)
        own = any(lex.kind for _, _, lex in hits)
        if (assent and not own) or (
            gives_a_schedule(norm, hits)
            and any(lex.kind == "drug" for _, _, lex in lexicon.matcher.scan_each(asked.statement))
        ):  # "Only when I need it." gives the stated drug's schedule
            return read_message(asked.statement, None, lang_hint, lexicon)  # "Correct." confirms it
        if assent and goes_along:
            # "Yes, and they put me on aspirin too": the statement confirmed, and what the reply adds
            return _both(
                read_message(asked.statement, None, lang_hint, lexicon), read_message(text, None, lang_hint, lexicon)
            )
        asked = None  # an acknowledgement ("ok") of a statement asks and confirms nothing
    if asked is not None and (normal := _agrees_back_to_normal(norm, hits, asked, lang_hint)) is not None:
        return normal  # "Is the urinary stream back to normal now?" — "yep, back to normal"
    if (
        asked is not None
        and asked.told
        and not norm.rstrip().endswith("?")
        and goes_along
    ):  # "I see you take insulin. Any high blood pressure?" — "Yes, I do.": the insulin goes along
        return _both(
            read_message(asked.told, None, lang_hint, lexicon),
            read_message(text, replace(asked, told=""), lang_hint, lexicon),
        )
    # "我今年七十三了": an age in Chinese numerals needs no digit
    digits = DIGIT.search(norm) is not None or "岁" in norm or "今年" in norm or _CN_AMOUNT.search(norm) is not None
    if not digits:
        found = hit_cats
        if (
            found.isdisjoint(_CONTENT)
            and (asked is None or found.isdisjoint(_ANSWERS))
            and (found.isdisjoint(_TAKING_GATE) or (not norm.isascii() and not stops_by_pronoun(norm, gates)))
            and not recovers(norm, gates)  # "好了", "all cleared up": the illness discussed last is over
            and not judges_a_finding(text, norm, gates)  # "АЛТ в норме": it may end a finding
            and not denies_a_fracture(norm, gates)  # "拍了 没骨折": the fracture of the part hurt is ruled out
            and not denies_pregnancy(norm)  # "pregnancy test negative", "没有怀孕": pregnancy ruled out
            and not (norm.isascii() and mesh.HAVING.search(norm))
            and not (asked is not None and echo(norm, asked.question, hits, detect_lang(norm, lang_hint)))  # "сделали"
            and not (asked is not None and only_says_no(norm))  # "nothing to report", "zero"
            and not (asked is not None and asked.asks_when and dates_the_asked(norm, hits))
            and not (asked is not None and asked.takes_it)  # "How long have you been on X?" — "Ages."
            and not (asked is not None and presumed_conditions(asked))  # "How's your asthma?" — "Better."
            and not (asked is not None and amount_answer(norm, hits, detect_lang(norm, lang_hint)))  # "пару раз"
            and "давлени" not in norm  # "у меня давление": ru_pressure reads the bare word
            and not names_pressure(norm, detect_lang(norm, lang_hint), asked)  # "Conditions?" — "only blood pressure"
            and not reads_temperature(norm, asked)  # "Температура есть?" — "37,8 вечером"
            and not (asked is not None and asked.part_asked and "pain" in found)  # "Как колено?" — "ноет"
            and not (asked is not None and points_by_place(norm, asked))  # "Only the first one."
            and not (asked is not None and may_keep(norm, detect_lang(norm, lang_hint), asked))  # "only the BP"
            and not (asked is not None and agrees_with_denial(norm, asked))  # "So no surgeries?" — "Right."
            and not (asked is not None and says_fine(norm, detect_lang(norm, lang_hint), asked))  # "bp is fine"
        ):
            # small talk: nothing medical, no number, no answer to a question; at most a complaint
            # told over in the words of what works again ("сплю теперь нормально", "不拉了")
            return _only_back_to_normal(norm, hits, lang_hint, asked, gates)
    lang = detect_lang(norm, lang_hint)
    spans = split_checked_statement(norm, lang, sentences(norm))
    default = _default_subject(asked)
    # after a question about the family at large, not about one relative ("Does your son...?")
    own = own_care_sentences(norm, hits, spans) if default[0] == ASKED_FAMILY and not asked.kin else frozenset()
    if default[0] == ASKED_FAMILY and asked.own_before:  # "有没有高血压？家里有人痛风吗？" — "血压有点高"
        own |= answers_asked_of_the_user(hits, spans, frozenset(entity for _, entity in asked.own_before))
    theirs = frozenset()  # "Any diabetes in the family? Last tetanus jab?" — "yes to diabetes, my mum"
    if asked is not None and asked.family_before:
        theirs = answers_asked_of_the_user(hits, spans, frozenset(asked.family_before), family=True)
    parts = clauses(norm, hits, lang, spans, default, own, {n: (ASKED_FAMILY, ()) for n in theirs})
    msg = Message(text, norm, lang, hits, parts, asked, [], set(), [])
    reported: list[Mention] = []  # entities of "the doctor asked if I have COPD", awaiting the answer
    vaccine: Mention | None = None  # the vaccine the message named last, even in a question
    allergen: Mention | None = None  # the drug or allergen the sentence named last
    told: list[Mention] = []  # the illnesses the sentence told of someone else (zh: "我没有")
    heard: list[Mention] = []  # what the last clause about someone else named (ru: "у меня такого нет")
    # the part a question asks about, when the reply names none of its own
    part_asked = asked.part_asked if asked is not None else ""
    if part_asked and names_own_part(norm, hits, lexicon.matcher.scan_each):  # "legs", "legs arent weak"
        part_asked = ""
    topic = None if part_asked else topic_part(norm, hits)  # "knees. both ache going downstairs"
    about_jabs = jab_talk(msg, gates)  # a disease opening a clause of it is an item of a list of jabs
    ops_denied = asked is not None and asked.operations and operations_denied(msg)
    for n, clause in enumerate(msg.clauses):
        if n and msg.clauses[n - 1].sentence != clause.sentence:
            reported = []
            allergen = None
            told = []
        bare = lang == "zh" and says_bare_complaint(norm, clause)  # "崴了 肿得老高": the injured part's
        if not clause.hits and not may_have(norm, clause, lang) and not bare:
            if digits and clause.subject in ("self", ASKED_FAMILY) and not clause.skip:
                read_demographics(msg, clause)
            continue
        if not clause.skip and _names_no_one_else(clause):
            if clause.subject == "self":
                me_too(msg, clause)
                if lang == "zh" and told:
                    me_neither(msg, clause, told)
                if lang == "ru":
                    ru_me_neither(msg, clause, heard)
            elif clause.subject == "family":
                relative_too(msg, clause)
                relative_has(msg, clause)
        operations = (
            asked is not None
            and asked.operations
            and not _contrasts(norm, clause)
            and not ops_denied  # "没做过手术，就是有子宫肌瘤": an illness, not its operation
        )
        mentions = find_mentions(clause, lexicon, msg.clauses, norm, operations=operations)
        if part_asked:
            mentions = of_the_asked_part(clause, mentions, part_asked)  # "Как колено?" — "болит по вечерам"
        elif topic is not None and clause.end > topic[0]:
            mentions = of_the_asked_part(clause, mentions, topic[1])
        if clause.subject in ("other", "family") and not clause.skip:
            told = [m for m in mentions if m.kind in FAMILY_KINDS]  # what "我没有" after it denies
        if lang == "ru":
            heard = heard_of_others(clause, mentions, heard)
            drugs_as_allergens(norm, clause, mentions, asked is not None and asked.allergy)
            jabbed_diseases(norm, mentions, lexicon)  # "поставили столбняк": the tetanus shot
        jabs_by_setting(norm, clause, mentions, lexicon, lang, about_jabs)  # "got the hep a at the travel clinic"
        if asked is not None and asked.vaccines and not clause.has("split"):  # "no, but I had the flu"
            asked_ill = frozenset(entity for section, entity in asked.items if section != "vaccinations")
            as_vaccines(mentions, lexicon, norm, clause, asked_ill)
        else:
            if lang in ("en", "zh"):
                one_of_the_jabs(norm, mentions, lexicon, lang)  # "had my flu jab and the pneumonia one", "肺炎那个"
            if about_jabs:
                mentions = named_among_jabs(mentions, lexicon, norm, clause)  # "прививки? столбняк давно"
        if mentions:
            vaccine = next((m for m in reversed(mentions) if m.kind == "vaccine"), vaccine)
        if lang == "zh" and vaccine is not None and not mentions and clause.has("jab"):
            # "想问问HPV疫苗，我还没打过": a bare vaccination verb speaks of the vaccine just named
            mentions = [Mention(vaccine.start, vaccine.end, "vaccine", vaccine.entity)]
        if (
            lang == "zh"
            and allergen is not None
            and clause.has("allergy")
            and clause.has("neg")
            and all(m.kind == "noun" and m.entity == "allergies" for m in mentions)
            and _ZH_OTHERS.search(norm, clause.start, clause.end) is None
        ):
            # "头孢皮试做了，不过敏": a denial with no allergen of its own is of the one just named
            # ("对花生过敏，药物没有过敏", "别的都不过敏" speak of other things)
            mentions = [Mention(allergen.start, allergen.end, allergen.kind, allergen.entity)]
        if mentions:
            allergen = next((m for m in reversed(mentions) if m.kind in ("drug", "allergen")), allergen)
        if clause.has("asked") and clause.subject != "other":
            reported = [m for m in mentions if m.kind != "noun"]
        elif reported and not clause.skip:
            answer = reported_answer(msg.norm, clause)
            if answer is not None:
                for m in reported:
                    m.state = answer
                clause_facts(msg, clause, reported)
                reported = []
        if clause.skip or clause.subject == "other":
            touch(msg, clause, mentions)
            if clause.skip and clause.subject == "self":
                if lang == "zh":
                    clause_facts(msg, clause, zh_presupposed(norm, clause, mentions))
                elif not clause.has("asked") and not (lang == "ru" and clause.has("uncertain")):
                    # "кажется, у меня гастрит", "боюсь, что у меня язва": a guess owns nothing
                    clause_facts(msg, clause, [m for m in mentions if owned(norm, m)])
            continue
        for m in mentions:
            if m.kind == "noun" and m.entity != "family_history":
                msg.touched.add(m.entity)
        if lang == "en" and reads_as_taking(norm, clause) and names_no_drug(clause, mentions):
            mentions = with_drugbank(norm, clause, mentions)
        if may_have(norm, clause, lang) and names_no_condition(mentions):
            mentions = with_mesh(norm, clause, mentions)
        if clause.intent_at < clause.end:  # "I'm thinking about starting vitamin D": a plan is a topic, not a fact
            # "амоксициллин нельзя из-за аллергии на пенициллин": the reason after the plan is told
            told_from = reason_after(norm, clause.intent_at, clause.end)
            planned = [m for m in mentions if clause.intent_at <= m.start < told_from]
            touch(msg, clause, planned)
            mentions = [m for m in mentions if m.start < clause.intent_at or m.start >= told_from]
        # "a TURP booked for march", "ортопед говорит артроскопия", "下礼拜拔牙": not done yet
        mentions, unmade = unmade_operations(norm, clause, mentions, lang)
        touch(msg, clause, unmade)
        if lang == "ru" and nothing_drunk_of_medicines(norm, clause, hits, asked):
            # "антибиотик допил ... ща вообще ничего не пью": taking no medicines, not drinking no alcohol
            mentions = [
                Mention(m.start, m.end, "noun", "medications") if m.weak and m.kind == "lifestyle" else m
                for m in mentions
            ]
        if drinks_something_else(clause, msg.clauses, lang, norm) or _drinking_asked_of_else(asked):
            # "Дюфалак больше не пью", "ничего не пью" to "что-то принимаете?": the verb, not alcohol;
            # "乳果糖…就不喝了": the verb alone goes on about the medicine its sentence named
            drunk = None if drinks_other(clause.cats) else drug_drunk_before(msg.facts, clause)
            mentions = [
                Mention(m.start, m.end, "drug", drunk) if drunk and m.weak and m.kind == "lifestyle" else m
                for m in mentions
                if drunk or not (m.weak and m.kind == "lifestyle")
            ]
        if drinks_a_diet_drink(mentions):  # "drink red bull every day": the drink, no alcohol
            mentions = [m for m in mentions if not (m.weak and m.kind == "lifestyle")]
        mentions = without_tasted_diet(norm, mentions)  # "fizzy drinks taste flat": a taste complaint
        mentions = without_accident_settings(clause, without_mobility(norm, clause, mentions))
        if lang == "zh":
            mentions = without_occasions(msg, clause, without_triggers(norm, mentions))
            since = next(c.start for c in msg.clauses if c.sentence == clause.sentence)
            mentions, advice = advised(norm, clause, skin_tested(norm, clause, mentions), since)
            touch(msg, clause, advice)  # "让多喝水": told to, not done
            mentions, advice = forbidden_drugs(norm, mentions)
            touch(msg, clause, advice)  # "医生说别吃布洛芬": told not to, neither taken nor denied
        elif lang == "en":
            mentions = without_burning_verbs(norm, en_without_occasions(norm, clause, mentions))
        elif lang == "ru":
            mentions = ru_without_occasions(msg, clause, mentions)
        mentions = acts_as_when(msg, clause, mentions)  # "болит, когда кашляю", "咳嗽的时候疼": when, not a cough
        if lang in ("en", "ru"):
            mentions, advice = told_to(norm, clause, mentions)
            touch(msg, clause, advice)  # "told me to try low fodmap": told to, not done
        if asked is not None and asked.advice:
            mentions, advice = advice_only(clause, mentions)
            touch(msg, clause, advice)  # "Any advice?" — "less takeaway": what to do, not done
        if lang == "ru" and "давлени" in norm:
            pressure_as_illness(norm, clause, mentions)
        zh_ended = lang == "zh" and norm[clause.start : clause.end].rstrip(_ZH_TAIL).endswith("了")
        dangling = assign_states(mentions, clause, norm, zh_ended)
        dangling = anchors_stay(norm, clause, mentions, lang) or dangling
        if lang == "ru":
            borrow_elided_denial(norm, clause, mentions, msg.facts)
        if lang == "zh" and heals(msg, clause):
            healing_is_no_stop(msg, clause, mentions)
        if lang == "zh" and zh_ended:
            no_longer_much(norm, clause, mentions)  # "现在不太痒了": over, not mild
        stopped_drug = lang == "zh" and stop_ends_the_drug(msg, clause, mentions)
        mentions = purposes_stay(norm, clause, mentions, lexicon.drugs_for)
        cause_not_denied(norm, mentions)
        mentions = untold(norm, clause, mentions, lang)  # "i don't talk about my depression": it is there
        ru_not_stopped(norm, clause, mentions, lang)  # "не бросал курить": still smokes
        if lang == "ru":
            circumstance_not_denied(norm, mentions)
        if taken_before(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind == "drug":
                    m.state = "end"  # "Урсосан пила полгода, сейчас нет": taken once, not now
        if had_before(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind in _ENDS_SINCE:
                    m.state = "end"  # "температура была, сейчас нет", "конкор был, сейчас нет": had, now gone
        if since_then(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind in _ENDS_SINCE:
                    m.state = "end"
        if began_later(norm, clause, msg.clauses):
            for m in mentions:
                if m.state == "neg":
                    m.state = None  # "never had a migraine until last month": there since then
        if lang == "en":
            for m in mentions:
                anchor = since_anchor(norm, clause, m.start)
                if anchor is not None:
                    m.state = None if anchor == "pos" else anchor  # "...since I started the omeprazole"
        if lang == "en" and still_without(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind in ("drug", "lifestyle"):
                    m.state = "end"  # "still not smoking!!": the stop holds
        if denies_how_often(norm, clause):
            # "I don't smoke much", "不经常喝酒", "doesn't hurt much", "不经常头疼": there, seldom or mildly;
            # a Chinese complaint "没怎么咳嗽", "不怎么疼了" is hardly there, a denial or an ending
            hardly = lang == "zh" and _ZH_HARDLY.search(norm, clause.start, clause.end) is not None
            seldom = ("drug", "lifestyle") if hardly else ("drug", "lifestyle", "symptom")
            for m in mentions:
                if m.state == "neg" and m.kind in seldom:
                    m.state = None
        if denies_a_dose_or_effect(norm, clause):
            effect = lang == "en" and denies_an_effect(norm, clause)
            for m in mentions:
                if m.state == "neg" and (m.kind == "drug" or (effect and m.kind in _TREATED)):
                    m.state = None  # "didn't take my lisinopril today", "ibuprofen does nothing for my back pain"
        mentions = without_one_occasion_denials(norm, clause, mentions, lang)  # "tonight, no drink"
        if dangling or stopped_drug or (
            not mentions
            and not _plans_the_end(clause)  # "..., хочу бросить": a plan to stop stops nothing yet
            and not (lang == "en" and ends_own_object(norm, [s for s, _, lex in clause.hits if lex.cat == "end"]))
            and not denied_stop(norm, clause, lang)  # "..., but i never stopped": it goes on
            and (clause.has("end") or (zh_ended and clause.has("neg") and clause.has("start")))
        ):
            ended_since(msg, clause)  # "...停了", "后来就不吃了"
        if lang == "zh" and clause.has("switch") and clause.subject == "self" and not clause.skip:
            switched_from_earlier(msg.facts, clause, [(m.start, m.end) for m in mentions if m.kind == "drug"])
        clause_facts(msg, clause, mentions)
        if clause.has("switch") and lang != "zh":  # Chinese switches: switched_from_earlier above
            switched_from_before(msg, clause, mentions)
        if clause.has("switch"):
            replaced_before(msg, clause, mentions)  # "врач заменила на розукард": the old drug was told before
        if clause.subject in ("self", ASKED_FAMILY) and (digits or "sexword" in clause.cats):
            read_demographics(msg, clause)
    if asked is not None:
        answer_question(msg, asked)
        answered_by_part(msg, asked)  # "diabetes no, blood pressure yes"
        pressure_named_as_illness(msg)  # "Any other conditions?" — "Only blood pressure"
        temperature_answered(msg)  # "Any fever?" — "38.1 last night", "36,6"
        fine_parts(msg)  # "Any kidney problems?" — "kidneys are fine"
        for clause in msg.clauses:  # "no, but my brother does": the relative has what the answer denied
            if clause.subject == "family" and not clause.skip and _names_no_one_else(clause):
                relative_has(msg, clause, answered=True)
    reactions_of_allergies(msg)
    fine_with_allergens(msg)  # "Any allergy to iodine or latex?" — "iodine and latex are fine"
    medicine_denial_under_allergy_question(msg)
    drug_allergy_denial_beside_allergy(msg)
    removed_by_operation(msg)
    add_compact_profile(msg, spans)
    add_gestation(msg, spans)  # "беременность 8 нед", "怀孕24周": a pregnancy by its week
    add_pregnancy_denied(msg)  # "did a test, not pregnant", "测了没怀": pregnancy ruled out
    healed_long_ago(msg, spans)
    held_at_other_times(msg.facts, norm, spans, gates)  # "no headaches now, only in the mornings"
    over_when_dated(msg, spans)
    msg.facts = without_test_readings(msg.facts, text)  # "PSA 5.2", "睾酮偏高": a result names no fact
    # "a1c 8.4": the result is a finding; a bare value after "她最近一次INR是多少？" is hers
    of_test = None if asked is not None and (asked.other or asked.family) else asked_test
    msg.facts = out_of_range_findings(msg.facts, text, spans, of_test, msg.clauses)
    attach(msg.facts, norm, hits, spans, lang, digits, msg.clauses)
    name_diabetes_type(msg, spans)
    links = effect_links(msg.facts, msg.norm, lang)  # "colchicine gave me the runs": read before merging
    facts = with_referring(norm, lang, msg.clauses, classes_ended_only(merge_facts(msg), lexicon.only_classes), gates)
    facts = stops_in_message(facts, msg.norm, lang, msg.clauses, gates)  # "stopped it", "had to stop the naproxen"
    facts = stops_dated_by_events(facts, msg.norm, lang)  # "курил 30 лет, бросил сразу после инфаркта"
    facts = failed_stops_go_on(facts, msg.norm, lang, spans)  # "戒过两次没戒掉", "cut the beer down to weekends"
    facts = stopped_for_its_effect(facts, msg.norm, spans)
    facts = without_past_side_effects(facts, msg.norm, spans)
    facts = without_coming_starts(facts, msg.norm, spans)  # "начинаю с понедельника": not taken yet
    later = without_later_starts(facts, msg.norm, lang, spans)  # "doxycycline, ill start it before i fly"
    later = without_not_yet_done(later, msg.norm, lang, spans)  # "not yet, they said whooping cough at 20 weeks"
    later = without_unbought(later, msg.norm, lang, spans)  # "гептрал назначил, но я пока не купил"
    msg.touched.update(f.section for f in facts if f not in later)  # a plan is still a topic
    facts = later
    facts = endings_ahead(facts, msg.norm, lang, spans)  # "can stop it after this box": still taken
    facts = held_not_used_yet(facts, msg.norm, lang, spans)  # "нитроспрей в кармане, пока не пшикал"
    facts = with_organ_cancer(facts, text, msg.hits, asked)  # "биопсия простаты, рака нет": prostate cancer
    rule_out_revised(facts, msg.norm, lang, spans)  # "думал гастрит, оказалось язва": no gastritis
    facts = with_ruled_out(facts, msg.norm, lang, spans, asked)  # "coeliac test negative": a diagnosis ruled out
    if lang == "en":
        facts = cannot_take_it(facts, msg.norm, spans)
    facts = cannot_have_named(facts, msg.norm, spans)  # "I can't have trimethoprim, my lips swelled up"
    facts = with_recovery(msg.norm, lang, msg.clauses, facts, gates)
    facts = with_back_to_normal(msg.norm, lang, msg.clauses, facts, gates)
    facts = with_course_over(facts, msg.norm)  # "finished the macrobid, no more burning": the UTI is over
    if lang == "zh":
        zh_over_after_told(msg.norm, msg.clauses, facts)  # "烧了一天 浑身酸疼 现在好了"
    facts = without_approaches(facts)  # "лапароскопия, удалили желчный": one operation, the removal
    facts = without_finding_sources(facts, msg.norm)  # "на гастроскопии нашли гастрит": how it was found
    facts = with_crushed_stones(facts, msg)  # "в 21м камень в почке раздробили": its lithotripsy
    facts = treated_by_operation(facts, msg, lexicon.matcher.scan_all)  # "gallbladder out for stones": they are over
    facts = name_by_site(facts, msg)  # "prostate biopsy, no cancer", "burning when I pee, no blood"
    facts = with_fracture_denied(facts, msg, gates)  # "twisted my ankle, x-ray clear, nothing broken"
    facts = without_generic_injuries(facts)  # "twisted my knee, MRI shows a torn ACL": the tear
    facts = without_event_signs(facts)
    if lang == "ru":
        asked_sections = msg.asked.sections_asked if msg.asked else frozenset()
        facts = without_guessed_absences(facts, msg.norm, spans, asked_sections)
        no_longer_carries(facts, msg.norm)
    if lang == "zh":
        facts = without_zh_side_effects(facts, msg.norm, msg.hits, spans)
    facts = without_ended_effects(facts, links, msg.norm, lang, spans)  # "..., so I stopped it. fine now"
    facts = without_reaction_drugs(facts, msg.norm, msg.hits, spans)  # "磺胺过敏，以前吃复方新诺明起疹子"
    facts = without_class_members(facts)  # "sulfa drugs, hives from bactrim once": the class's allergy
    facts = without_outgrown_allergens(facts)  # "had hay fever but grew out of it": no pollen allergy now
    facts = sore_arm_after_jab(facts)  # "got the flu jab today, arm's sore": injection site pain
    facts = without_lesion_itch(facts, msg.norm)  # "an itchy rash": the rash's itch
    touched = msg.touched
    for f in facts:
        touched.add(f.section)
    return (tuple(sorted(touched & _SECTION_AT.keys(), key=_SECTION_AT.__getitem__)) if touched else ()), [
        f.as_event() for f in facts
    ]


#: "没怎么咳嗽", "不怎么疼了": a Chinese complaint hardly there, denied rather than seldom.
_ZH_HARDLY = re.compile(r"[不没]怎么")
#: "others" in a Chinese clause: what it denies is not the thing just named ("别的都不过敏").
_ZH_OTHERS = re.compile(ZH_OTHERS)


def _only_back_to_normal(
    norm: str, hits: list[Hit], lang_hint: str | None, asked: Topic | None, gates: Literals
) -> Reading:
    """A message with nothing else to read: only the complaints its words of working again end."""
    if not says_back_to_normal(norm, gates):
        return (), []
    lang = detect_lang(norm, lang_hint)
    parts = clauses(norm, hits, lang, sentences(norm), _default_subject(asked))
    facts = with_back_to_normal(norm, lang, parts, [], gates)
    return tuple(sorted({f.section for f in facts}, key=_SECTION_AT.__getitem__)), [f.as_event() for f in facts]


def _drinking_asked_of_else(asked: Topic | None) -> bool:
    """The assistant asked of medicines or of a drink other than alcohol, and not of alcohol, in any
    of its questions ("Вы что-нибудь принимаете постоянно? И есть ли аллергия?" — "ничего не пью"):
    the reply's "пью" is taking or that drink, never alcohol."""
    if asked is None:
        return False
    every = (asked, *asked.each)
    if any(("lifestyle", "alcohol") in one.items for one in every):
        return False
    return any(one.medicines or one.drink for one in every)


#: "ничего не пью", "ничего не пила": the drinking verb with "nothing" as its object.
_RU_NOTHING_DRUNK = re.compile(
    r"(?<![а-яё])ничего\s+(?:уже\s+|больше\s+|сейчас\s+)?не\s+(?:пью|пила|пил|пьём|пьем)(?![а-яё])"
)


#: A purpose right before it ("на профилактику", "от давления", "для сна"): nothing for that purpose only.
_RU_FOR_A_PURPOSE = re.compile(r"(?<![а-яё])(?:на|для|от|против)\s+[а-яё]+\s*$")


def nothing_drunk_of_medicines(norm: str, clause: Clause, hits: list[Hit], asked: Topic | None) -> bool:
    """A Russian "ничего не пью" in a message that names a medicine, with no question of alcohol: the
    verb is the medicines' ("пью таблетки"), so it denies taking any, as "ничего не принимаю" does."""
    nothing = _RU_NOTHING_DRUNK.search(norm, clause.start, clause.end)
    if nothing is None or _RU_FOR_A_PURPOSE.search(norm, clause.start, nothing.start()) is not None:
        return False  # "на профилактику ничего не пью": nothing for that purpose, the others go on
    if asked is not None and any(("lifestyle", "alcohol") in one.items for one in (asked, *asked.each)):
        return False
    return any(lex.kind == "drug" for _, _, lex in hits)


def _differ(pieces: list[str], lexicon: Lexicon, lang: str) -> bool:
    """Bare answers in a row that do not all say the same ("no, yes"): each answers its own thing."""
    return len({polarity(p, lexicon.matcher.scan_each(p), lang) for p in pieces}) > 1


def _names_no_one_else(clause: Clause) -> bool:
    """The clause names nothing but relatives: what it says, it says of what was said before."""
    return not any(lex.kind and lex.kind != "relative" for _, _, lex in clause.hits)


def _plans_the_end(clause: Clause) -> bool:
    """Every ending word of the clause comes after a word of wish or plan ("хочу бросить")."""
    plan = next((s for s, _, lex in clause.hits if lex.cat == "intent"), None)
    return plan is not None and all(s > plan for s, _, lex in clause.hits if lex.cat == "end")


def _both(stated: Reading, replied: Reading) -> Reading:
    """A confirmed statement's reading with the reply's own: the reply wins on a fact both give."""
    said = {(e["section"], e["entity"]) for e in replied[1]}
    events = [e for e in stated[1] if (e["section"], e["entity"]) not in said] + replied[1]
    touched = set(stated[0]) | set(replied[0])
    return tuple(s for s in SECTIONS if s in touched), events


def _contrasts(norm: str, clause: Clause) -> bool:
    """The clause opens a contrast ("no, but my knee hurts"), not an addition ("and my tonsils")."""
    return any(lex.cat == "split" and not norm.startswith("and", s) for s, _, lex in clause.hits)


def _default_subject(asked: Topic | None) -> tuple[str, tuple[str, ...]]:
    """After "anyone in your family...?", a clause naming nobody speaks of the family's conditions;
    after a question about someone else ("Какие лекарства ему назначили?"), of that person."""
    if asked is not None and asked.other:
        return ("other", ())
    return (ASKED_FAMILY, ()) if asked is not None and asked.family else ("self", ())


def _agrees_back_to_normal(norm: str, hits: list[Hit], asked: Topic, lang_hint: str | None) -> Reading | None:
    """A bare answer naming nothing to a question whether something works again ("Is your sleep back
    to normal?", "Струя стала нормальной?", "尿线正常了吗？"): a "yes" says the question's words and
    ends the complaints they tell of, a "no" says those complaints go on (held-only either way: the
    fold keeps them only for a user who has them); None when the reply or the question is not that."""
    said = asked.back_to_normal
    if not said or any(lex.kind for _, _, lex in hits):
        return None
    answer = polarity(norm, hits, detect_lang(norm, lang_hint))
    if answer not in ("yes", "no"):
        return None
    sections, events = _only_back_to_normal(said, [], lang_hint, None, literals_in(said))
    if not events:
        return None
    if answer == "no":
        for event in events:
            event["status"] = PRESENT_STATUS[event["section"]]
    return sections, events

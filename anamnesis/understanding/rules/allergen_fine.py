"""An allergen the user says is fine, in answer to an allergy question, is no allergy.

"Any allergy to ceftriaxone, iodine or latex?" — "iodine and latex are fine", "йод и латекс
нормально", "碘和乳胶都没问题"; "Any allergies?" — "penicillin is fine", "I'm fine with latex",
"пенициллин нормально переношу": the answer names the allergen and says it causes no trouble. It
was read as an allergy (every allergen an allergy answer names is one), the opposite of what the
user said. Each allergen (or a list of them joined by "and" / "и" / "和") followed in its phrase by a
word of being fine, with no reaction or allergy word and no "not" between, is denied instead. A
phrase ends at a pause or a "but" ("penicillin gives me hives, the rest is fine" keeps the
penicillin allergy). Chinese "没事" already read as a denial; its other words of being fine did not.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT

#: Words that say the allergen causes no trouble, after it in its phrase.
_FINE = {
    "en": re.compile(r"\b(?:fine|ok|okay|alright|all right|no problems?|no issues?|no reaction|tolerated?)\b"),
    "ru": re.compile(
        r"(?<![а-яё])(?:нормально|норм|без проблем|без последствий|переношу|переносит|ничего не было|"
        r"вс[её] хорошо|спокойно)(?![а-яё])"
    ),
    "zh": re.compile(r"没事|没问题|没反应|没有反应|没什么反应|都还好|都可以|能用"),
}
#: "fine with latex": the word of being fine before the allergen (English).
_FINE_WITH = re.compile(r"\b(?:fine|ok|okay|alright|good) with (?:the |my )?$")
#: A denial between the allergen and its "fine": "latex is not fine", "не нормально", "不行".
_NOT = {
    "en": re.compile(r"\b(?:not|never)\b|n't\b"),
    "ru": re.compile(r"(?<![а-яё])не(?![а-яё])"),
    "zh": re.compile(r"[不]"),
}
#: Where an allergen's phrase ends.
_PHRASE_END = re.compile(r"[,;.!?，。；！？:]|\bbut\b|(?<![а-яё])(?:но|а)(?![а-яё])|但|可是|不过")
#: What joins the allergens of one list.
_LISTED = re.compile(r"[\s、/]*(?:\band\b|\bor\b|(?<![а-яё])(?:и|или)(?![а-яё])|和|跟|或者?)?[\s、/]*")
_REACH = 32


def fine_with_allergens(msg: Message) -> None:
    """Deny each allergy of an allergy answer whose allergen the user says is fine."""
    fine = _FINE.get(msg.lang)
    if msg.asked is None or not msg.asked.allergy or fine is None:
        return
    allergies = sorted(
        (f for f in msg.facts if f.section == "allergies" and f.status == "active"), key=lambda f: f.start
    )
    if not allergies:
        return
    groups: list[list] = [[allergies[0]]]
    for f in allergies[1:]:
        last = groups[-1][-1]
        if _LISTED.fullmatch(msg.norm, last.end, f.start) is not None:
            groups[-1].append(f)
        else:
            groups.append([f])
    reacted = [s for s, _, lex in msg.hits if lex.reactive or lex.cat in ("react", "allergy")]
    for group in groups:
        end = group[-1].end
        stop = _PHRASE_END.search(msg.norm, end)
        limit = min(end + _REACH, stop.start() if stop is not None else len(msg.norm))
        said = fine.search(msg.norm, end, limit)
        before = _FINE_WITH.search(msg.norm, max(0, group[0].start - 20), group[0].start) if msg.lang == "en" else None
        if said is not None:
            if _NOT[msg.lang].search(msg.norm, end, said.start()) or any(end <= s < said.start() for s in reacted):
                continue
        elif before is None:
            continue
        for f in group:
            f.status = CONFIRMED_ABSENT
            f.attrs.pop("reaction", None)

"""A finished course that names no drug: every drug of the course is over.

"finished both courses", "курс допил", "прошла курс", "两周的药吃完了", "疗程结束了": the user
began a course (an H. pylori scheme, an antibiotic with a steroid) in an earlier message and now
says it is done, naming none of its drugs. A backend reading one message cannot tell which they
are, so the message proposes a stop of :data:`~schemas.sections.WHOLE_COURSE`, which the fold
resolves to the drugs started together with the user's last anti-infective
(:func:`anamnesis.facts.anaphora.whole_course`). A course only ordered or ahead ("finish the
course", "допью курс", "吃完这个疗程") states nothing: the verbs are past. A sentence that names a
drug of its own ("finished the amoxicillin course") says itself what ended.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.gate import Gated, Literals

#: "finished the course of physio" is no course of drugs; "... of antibiotics" is.
_EN_OF_DRUGS = r"(?!\s+of\s+(?!antibiotics|abx|tablets|pills|treatment|steroids|the\s+(?:antibiotics|tablets|pills))\w)"
#: "прошла курс массажа" is no course of drugs; "... антибиотиков", "... уколов" is.
_RU_OF_DRUGS = r"(?!\s+(?!лечения|антибиотик|таблет|уколов|капельниц)[а-яё]+(?:а|я|ии|и|ов|ей)(?![а-яё]))"
_ZH_COUNT = r"[一二两三四五六七八九十\d]+\s*(?:天|周|个?星期|个?礼拜|个?月)的?"
_COURSE_OVER = {
    "en": Gated(
        re.compile(
            r"\b(?:finished|completed|done with|through with|finished off)\s+"
            r"(?:(?:the|my|both|all|all the|all my|both the|that|this)\s+)?"
            r"(?:(?:antibiotic|antibiotics|abx|steroid|treatment|h\.? ?pylori)\s+)?courses?\b"
            rf"{_EN_OF_DRUGS}"
            r"|\b(?:the |my |both |that )?courses? (?:is |are |was |were |'s |s )?(?:all |now |finally )?"
            r"(?:done|finished|over|completed)\b"
        ),
        ["course"],
    ),
    "ru": Gated(
        re.compile(
            r"(?<![а-яё])курс\w*\s+(?:уже\s+|вчера\s+|весь\s+|полностью\s+|я\s+)?"
            r"(?:допил\w*|пропил\w*|закончил\w*|заверши\w*|прош[её]л|прошла|прошли|кончил\w*|отпил\w*|прокол\w*)"
            r"|(?<![а-яё])(?:допил\w*|пропил\w*|закончил\w*|завершил\w*|прош[её]л|прошла|прошли|отпил\w*|прокол\w*)\s+"
            r"(?:уже\s+|весь\s+|этот\s+|свой\s+|полный\s+)?курс(?![а-яё])"
            rf"{_RU_OF_DRUGS}"
        ),
        ["курс"],
    ),
    "zh": Gated(
        re.compile(
            r"疗程(?:已经|也|都|总算|终于)?(?:结束了|完了|吃完了|做完了|打完了|用完了)"
            rf"|(?:{_ZH_COUNT})?(?<![全所有啥什么些这那])药(?:也|都|已经|总算|终于)?(?:吃完了|用完了|吃完停了|吃完就停了)"
        ),
        ["疗程", "药"],
    ),
}


def course_over_at(norm: str, lang: str, found: Literals | None = None) -> list[tuple[int, int]]:
    """(start, end) of each finished course told in ``norm`` (``found``: the gates' literals)."""
    pattern = _COURSE_OVER.get(lang)
    return [(m.start(), m.end()) for m in pattern.finditer(norm, found)] if pattern else []


def tells_course_over(norm: str, found: Literals | None = None) -> bool:
    """A finished course in any language: worth reading although the message names nothing."""
    return any(pattern.search(norm, found=found) for pattern in _COURSE_OVER.values())

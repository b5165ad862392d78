"""An illness word that opens the name of a department or a clinician names them, not the user's illness.

"风湿科把甲氨蝶呤加到15mg了" is the rheumatology clinic raising the methotrexate; read word by word,
"风湿" made the user rheumatic. A department is named by an organ, a system or an illness followed by
科 (or 内科 / 外科), "风湿科", "皮肤科", "呼吸科", "肾内科", "骨外科", "风湿免疫科": the term there is part of
the department's name and states nothing. English names a nurse, a team or a clinic the same way:
"the diabetes nurse upped my metformin", "stroke nurse says that's the clopidogrel", "renal team
switched the lisinopril": who acted, not an illness the user told (the labels give none; an illness
the user has is told in its own words, "type 2 diabetic for 6 yrs").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

#: What closes a department's name after the term: 科 with the optional 内 / 外 and 免疫 (风湿免疫科),
#: never 科学 (science) or 科普.
_DEPARTMENT = re.compile(r"(?:免疫)?(?:内|外)?科(?![学普技])")
#: An English clinician or service right after the illness: "diabetes nurse", "asthma clinic", "renal team".
_SERVICE = re.compile(
    r"\s+(?:specialist\s+|community\s+|practice\s+)?(?:nurses?|team|clinic|clinics|consultants?|specialists?|doctors?|dr|docs?"
    r"|unit|ward|service|educator|dietitian|dietician|midwife|physio|department|dept|helpline|charity|uk)\b"
)
#: The kinds of term a service may be named by (a symptom's "pain clinic" is left as it is).
_ILLNESS_KINDS = frozenset({"condition", "diagnosis"})


def without_department_names(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` without the illness terms that are the start of a department's or clinician's name."""
    zh, en = "科" in norm, _SERVICE.search(norm) is not None
    if not zh and not en:
        return hits
    return [h for h in hits if not (h[2].cat == "term" and _names_a_service(norm, h, zh=zh, en=en))]


def _names_a_service(norm: str, hit: Hit, *, zh: bool, en: bool) -> bool:
    """Whether a term opens a department's name (风湿科) or a clinician's (diabetes nurse)."""
    if zh and _DEPARTMENT.match(norm, hit[1]):
        return True
    return en and hit[2].kind in _ILLNESS_KINDS and _SERVICE.match(norm, hit[1]) is not None

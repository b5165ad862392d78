"""A Chinese illness word right before 科 names a hospital department, not the user's illness.

"风湿科把甲氨蝶呤加到15mg了" is the rheumatology clinic raising the methotrexate; read word by word,
"风湿" made the user rheumatic. A department is named by an organ, a system or an illness followed by
科 (or 内科 / 外科), "风湿科", "皮肤科", "呼吸科", "肾内科", "骨外科", "风湿免疫科": the term there is part of
the department's name and states nothing.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

#: What closes a department's name after the term: 科 with the optional 内 / 外 and 免疫 (风湿免疫科),
#: never 科学 (science) or 科普.
_DEPARTMENT = re.compile(r"(?:免疫)?(?:内|外)?科(?![学普技])")


def without_department_names(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` without the Chinese illness terms that are the start of a department's name."""
    if "科" not in norm:
        return hits
    return [h for h in hits if not (h[2].cat == "term" and _DEPARTMENT.match(norm, h[1]))]

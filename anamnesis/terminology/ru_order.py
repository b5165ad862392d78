"""Russian complaint phrases with an adverb inside them.

The chat files list a colloquial Russian phrase exactly as written ("=поясницу прихватило",
"=опухла десна", "=запахов не чувствую"), since declension would break it. Russian word order is
free and patients put a time or degree word inside the phrase, so the same complaint comes as
"поясницу вчера прихватило", "запахов вообще не чувствую": no listed key. This makes those keys
for an exact Russian phrase of a complaint (symptom, condition, diagnosis, injury, procedure):
the phrase with one adverb of :data:`ADVERBS` after its first word. The other word order is not
made ("ночью просыпаюсь" is no "просыпаюсь ночью": waking up wet at night is no insomnia). A
negation is never an adverb here (``поясницу не прихватило`` must not read as the complaint), and
a phrase with a digit keeps its order ("температура 38").
"""

from __future__ import annotations

#: Time and degree words and the side of a part that patients put inside a complaint phrase; not the words of a little or of
#: sometimes ("немного", "иногда"), which a longer listed phrase beside them often holds
#: ("рука немного болит в месте укола").
ADVERBS: tuple[str, ...] = (
    "опять", "снова", "вчера", "сегодня", "позавчера", "уже", "еще", "вообще", "постоянно", "сильно",
    "жутко", "ужасно", "дико", "адски", "резко", "вдруг", "аж",
    # what is still as it was ("сплю всё так же паршиво", "живот по-прежнему тянет"): ё is е in a key
    "все так же", "все равно", "все еще", "по прежнему", "до сих пор",
    # the side of a paired part, put between the verb and its part ("удалили левую грудь")
    "левую", "правую", "левый", "правый", "левое", "правое", "левая", "правая", "левые", "правые",
)

#: The kinds whose exact phrases get these keys (a relative or a body part is no phrase of a complaint).
REORDERED_KINDS = frozenset({"symptom", "condition", "diagnosis", "injury", "procedure"})


def ru_order_keys(key: str) -> list[str]:
    """The keys of an exact Russian phrase with an adverb after its first word, without the key
    itself; none for one word or a phrase with a digit."""
    words = key.split()
    if len(words) < 2 or any(ch.isdigit() for ch in key):
        return []
    head, rest = words[0], " ".join(words[1:])
    return [f"{head} {adverb} {rest}" for adverb in ADVERBS]

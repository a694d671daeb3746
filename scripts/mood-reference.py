#!/usr/bin/env python3
"""The mood corpus's expected scores, from the reference implementation of VADER.

Reads fixtures/mood/corpus.txt (one sentence a line) and prints, for each sentence, the line
`compound<TAB>label<TAB>sentence` as vaderSentiment (PyPI, MIT) computes it; the label is
VADER's documented one: positive when compound >= 0.05, negative when <= -0.05, else neutral.

    pip install --target .build/pydeps vaderSentiment==3.3.2
    PYTHONPATH=.build/pydeps python3 scripts/mood-reference.py > fixtures/mood/expected.tsv

AlbumMoodTests reads the checked-in file; it also runs this script again when Python finds
vaderSentiment, and fails if the file is not what the reference says today.
"""
import os
import sys

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer


def label(compound):
    if compound >= 0.05:
        return "positive"
    if compound <= -0.05:
        return "negative"
    return "neutral"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "fixtures", "mood", "corpus.txt")
    analyzer = SentimentIntensityAnalyzer()
    out = sys.stdout
    with open(path, encoding="utf-8") as corpus:
        for line in corpus:
            sentence = line.rstrip("\n")
            if not sentence:
                continue
            compound = analyzer.polarity_scores(sentence)["compound"]
            out.write("%.4f\t%s\t%s\n" % (compound, label(compound), sentence))


if __name__ == "__main__":
    main()

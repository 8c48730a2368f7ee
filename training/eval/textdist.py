"""Levenshtein distance, shared by the evaluation and data scripts."""


def edit_distance(a, b):
    """Insertions, deletions and substitutions that turn sequence `a` into `b`."""
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]

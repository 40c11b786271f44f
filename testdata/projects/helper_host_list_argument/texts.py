class Greedy:
    def __init__(self, alphabet):
        self.alphabet = alphabet

    def strings(self, rows):
        return ["".join(self.alphabet[row[j].item()] for j in range(len(row))) for row in rows]  # ok: reported at the calls that pass GPU rows

# A VQA model that tokenizes its questions inside forward(): per batch, on
# the main process, whichever branch of the evaluation calls it.
import torch
from transformers import BertTokenizer


class AnswerModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tokenizer = BertTokenizer.from_pretrained("bert-base-uncased")
        self.encoder = torch.nn.Linear(16, 16)

    def forward(self, image, question, mode="rank"):
        tokens = self.tokenizer(question, padding="longest", return_tensors="pt").to(image.device)
        return self.encoder(image) + tokens.input_ids.float().mean()

# A model wrapper whose public inference() decodes through a private helper
# with a library model's generate(): every call makes hundreds of forward
# passes, each ending in a host read of the stop condition.
import torch


class CausalWrapper:
    def __init__(self, backend, tokenizer):
        self.backend = backend.cuda().eval()
        self.tokenizer = tokenizer

    def encode(self, texts):
        return self.tokenizer(texts, return_tensors="pt", padding=True)

    def decode(self, ids):
        return self.tokenizer.batch_decode(ids, skip_special_tokens=True)

    def inference(self, ids, max_new_tokens=128):
        with torch.no_grad():
            return self.__inference(ids, max_new_tokens)

    def __inference(self, ids, max_new_tokens):
        return self.backend.generate(ids, max_new_tokens=max_new_tokens, do_sample=False)

    def score(self, ids):
        return self.backend(ids).logits

from transformers import LlamaForCausalLM

from .merge import PatchMergeMixin


class CaptionLM(LlamaForCausalLM, PatchMergeMixin):
    def embed(self, ids):
        return self.get_input_embeddings()(ids)

    def forward(self, input_ids=None, attention_mask=None, labels=None, images=None, return_dict=None):
        if return_dict:  # ok: GPU201 (a mode flag, not a tensor of the batch)
            pass
        embeds = self.splice_patches(input_ids, self.vision(images))  # expect: GPU201 "splice_patches() runs"
        return super().forward(inputs_embeds=embeds, attention_mask=attention_mask, labels=labels)

"""An attention patch applied before training starts."""


def use_fast_attention():
    import transformers

    transformers.models.llama.modeling_llama.USE_FAST = True

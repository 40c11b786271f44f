import transformers

from vlm.model import *
from vlm.train.caption_trainer import CaptionTrainer


def train(model_args, training_args, data_module):
    if model_args.vision_tower is not None:
        model = CaptionLM.from_pretrained(model_args.name)
    else:
        model = transformers.LlamaForCausalLM.from_pretrained(model_args.name)
    model.config.use_cache = False
    trainer = CaptionTrainer(model=model, args=training_args, **data_module)
    trainer.train()
    trainer.save_state()

# TrainingArguments built only to read a few of its fields (a seed for an
# inference engine) is handed to no Trainer: no loader is built from it, so
# its dataloader_num_workers default says nothing. Handed to a Trainer, it is
# what the Trainer's loaders use.
from transformers import Seq2SeqTrainingArguments, Trainer, TrainingArguments


def sample_with_engine(engine, prompts):
    settings = Seq2SeqTrainingArguments(output_dir="scratch")  # ok: GPU101 (no Trainer is given it)
    return engine.generate(prompts, seed=settings.seed, max_tokens=settings.generation_max_length or 64)


def finetune(model, train_set):
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=16)  # expect: GPU101 "dataloader_num_workers"
    Trainer(model=model, args=args, train_dataset=train_set).train()

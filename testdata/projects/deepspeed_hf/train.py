# An HF script reading its TrainingArguments from the command line; the job
# hands it a DeepSpeed config whose micro-batch is "auto" (HF fills it in from
# its own arguments), so only the argv batch size is judged.
from transformers import AutoModelForSequenceClassification, HfArgumentParser, Trainer, TrainingArguments


def main():
    (training_args,) = HfArgumentParser(TrainingArguments).parse_args_into_dataclasses()
    model = AutoModelForSequenceClassification.from_pretrained("roberta-large", num_labels=2)
    Trainer(model=model, args=training_args, train_dataset=train_set()).train()


def train_set():
    from datasets import load_dataset

    return load_dataset("imdb", split="train")


if __name__ == "__main__":
    main()

# An HF script whose arguments come from a JSON file (job.yaml names it);
# the JSON expectations are in args.json.expect beside it.
import os
import sys

from transformers import AutoModelForSequenceClassification, HfArgumentParser, Trainer, TrainingArguments


def main():
    parser = HfArgumentParser(TrainingArguments)
    if len(sys.argv) == 2 and sys.argv[1].endswith(".json"):
        (training_args,) = parser.parse_json_file(json_file=os.path.abspath(sys.argv[1]))
    else:
        (training_args,) = parser.parse_args_into_dataclasses()
    model = AutoModelForSequenceClassification.from_pretrained("roberta-base", num_labels=3)
    trainer = Trainer(model=model, args=training_args, train_dataset=load_train())
    trainer.train()


def load_train():
    from datasets import load_dataset

    return load_dataset("mnli", split="train")


if __name__ == "__main__":
    main()

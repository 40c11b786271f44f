# An HF Trainer script in the style of the transformers examples: its
# TrainingArguments come from the YAML file named on its command line
# (job.yaml), so the findings are at the values in args.yaml.
import sys
from dataclasses import dataclass, field

from datasets import load_dataset
from transformers import (AutoModelForSequenceClassification, AutoTokenizer, HfArgumentParser, Trainer,
                          TrainingArguments)


@dataclass
class ModelArguments:
    model_name_or_path: str = field(default="bert-base-uncased")


def main():
    parser = HfArgumentParser((ModelArguments, TrainingArguments))
    if len(sys.argv) == 2 and sys.argv[1].endswith(".yaml"):
        model_args, training_args = parser.parse_yaml_file(yaml_file=sys.argv[1])
    else:
        model_args, training_args = parser.parse_args_into_dataclasses()
    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path)
    model = AutoModelForSequenceClassification.from_pretrained(model_args.model_name_or_path, num_labels=2)
    raw = load_dataset("glue", "sst2")
    data = raw.map(lambda b: tokenizer(b["sentence"], truncation=True), batched=True)
    trainer = Trainer(model=model, args=training_args, train_dataset=data["train"],
                      eval_dataset=data["validation"], tokenizer=tokenizer)
    trainer.train()


if __name__ == "__main__":
    main()

# A causal-LM fine-tuning entry point whose arguments come from the command
# line (HfArgumentParser): the launch scripts beside it choose the micro-batch.
from dataclasses import dataclass, field

import transformers
from transformers import Trainer


@dataclass
class TuneArgs(transformers.TrainingArguments):
    context_tokens: int = field(default=1024)


def main():
    (args,) = transformers.HfArgumentParser((TuneArgs,)).parse_args_into_dataclasses()
    lm = transformers.AutoModelForCausalLM.from_pretrained("org/base-7b")
    Trainer(model=lm, args=args, train_dataset=None).train()


if __name__ == "__main__":
    main()

# The same entry point, but its arguments class turns activation
# checkpointing on by default: a launch that does not pass the flag keeps it.
from dataclasses import dataclass, field

import transformers
from transformers import Trainer


@dataclass
class CheckpointedArgs(transformers.TrainingArguments):
    context_tokens: int = field(default=4096)
    gradient_checkpointing: bool = field(default=True, metadata={"help": "on unless turned off"})


def main():
    (args,) = transformers.HfArgumentParser((CheckpointedArgs,)).parse_args_into_dataclasses()
    lm = transformers.AutoModelForCausalLM.from_pretrained("org/base-7b")
    Trainer(model=lm, args=args, train_dataset=None).train()


if __name__ == "__main__":
    main()

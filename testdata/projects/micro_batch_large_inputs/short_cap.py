# The same recipe cut at 64 tokens, on a 7B model: nothing says memory
# chose two samples.
import fire
import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer


def main(base: str = "acme/causal-lm-7b", micro: int = 2, cap: int = 64):
    lm = AutoModelForCausalLM.from_pretrained(base)
    tok = AutoTokenizer.from_pretrained(base)

    def encode(row):
        return tok(row["text"], truncation=True, max_length=cap)

    rows = load_dataset("json", data_files="rows.json")["train"].map(encode)
    args = transformers.TrainingArguments(
        output_dir="out", per_device_train_batch_size=micro, dataloader_num_workers=2  # expect: GPU204 "per-device training batch size is 2"
    )
    transformers.Trainer(model=lm, args=args, train_dataset=rows).train()


if __name__ == "__main__":
    fire.Fire(main)

# The cut the tokenizer applies comes from the entry point's parameter,
# read by a nested function (a closure): 512 tokens for a 7B LM.
import fire
import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer


def main(base: str = "acme/causal-lm-7b", micro: int = 4, cap: int = 512):
    lm = AutoModelForCausalLM.from_pretrained(base)
    tok = AutoTokenizer.from_pretrained(base)

    def encode(row):
        return tok(row["text"], truncation=True, max_length=cap)

    rows = load_dataset("json", data_files="rows.json")["train"].map(encode)
    args = transformers.TrainingArguments(
        output_dir="out", per_device_train_batch_size=micro, dataloader_num_workers=2  # ok: GPU204 (512-token samples for a 7B LM)
    )
    transformers.Trainer(model=lm, args=args, train_dataset=rows).train()


if __name__ == "__main__":
    fire.Fire(main)

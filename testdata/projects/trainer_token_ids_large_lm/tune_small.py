# The same recipe on a checkpoint named small (gpt2): its step is short, and
# loading in the training process shows.
import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("gpt2")
lm = AutoModelForCausalLM.from_pretrained("gpt2")
rows = load_dataset("text", data_files="notes.txt")["train"].map(lambda r: tokenizer(r["text"], truncation=True))
config = transformers.TrainingArguments(output_dir="out", per_device_train_batch_size=32)  # expect: GPU101 "leaves dataloader_num_workers"
transformers.Trainer(model=lm, args=config, train_dataset=rows).train()

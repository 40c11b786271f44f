# The 7B model is wrapped for 8-bit LoRA training before the Trainer gets it
# (`prepare_model_for_int8_training`, `get_peft_model`): still a 7B LM fed
# ids tokenized ahead.
import transformers
from datasets import load_dataset
from peft import LoraConfig, get_peft_model, prepare_model_for_int8_training
from transformers import LlamaForCausalLM, LlamaTokenizer

tokenizer = LlamaTokenizer.from_pretrained("acme/llama-7b")
base = LlamaForCausalLM.from_pretrained("acme/llama-7b", load_in_8bit=True)
lora = get_peft_model(prepare_model_for_int8_training(base), LoraConfig(r=8))
rows = load_dataset("json", data_files="instructions.json")["train"].shuffle().map(
    lambda r: tokenizer(r["prompt"], truncation=True, max_length=256)
)
transformers.Trainer(
    model=lora,
    train_dataset=rows,
    args=transformers.TrainingArguments(output_dir="lora", per_device_train_batch_size=4,  # ok: GPU101 (ids for a 7B LM)
                                        gradient_accumulation_steps=32),
    data_collator=transformers.DataCollatorForSeq2Seq(tokenizer, padding=True, return_tensors="pt"),
).train()

# Hugging Face Trainer: DistributedDataParallel under torchrun, DataParallel under plain python.
from datasets import load_dataset
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments

model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased", num_labels=2)
data = load_dataset("imdb")
args = TrainingArguments(
    output_dir="out",
    per_device_train_batch_size=32,
    dataloader_num_workers=4,
    eval_strategy="epoch",
    save_strategy="epoch",
)
Trainer(model=model, args=args, train_dataset=data["train"], eval_dataset=data["test"]).train()

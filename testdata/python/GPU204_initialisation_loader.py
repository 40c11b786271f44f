"""A loader built only for a library's initialisation or calibration pass
(peft's EVA initialisation reads a few small batches once, before training)
is not the training loader: its batch size sets no training step's work.
A loader that also feeds the step loop still counts."""
import torch
from peft import LoraConfig, get_eva_state_dict, get_peft_model, initialize_lora_eva_weights
from torch.utils.data import DataLoader
from tqdm import tqdm
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments

svd_batch_size = 4
batch_size = 32


def eva_then_trainer(train_ds, collate):
    model = AutoModelForCausalLM.from_pretrained("gpt2").to("cuda")
    dataloader = DataLoader(train_ds, batch_size=svd_batch_size, collate_fn=collate, num_workers=2)  # ok: an initialisation pass
    peft_model = get_peft_model(model, LoraConfig(r=8, init_lora_weights="eva"))
    initialize_lora_eva_weights(peft_model, dataloader)
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=batch_size, dataloader_num_workers=4)
    Trainer(model=peft_model, args=args, train_dataset=train_ds, data_collator=collate).train()


def eva_then_loop(train_ds, collate, optimizer):
    model = AutoModelForCausalLM.from_pretrained("gpt2").to("cuda")
    train_loader = DataLoader(train_ds, batch_size=2, shuffle=True, collate_fn=collate, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "batch size is 2"
    peft_model = get_peft_model(model, LoraConfig(r=8, init_lora_weights="eva"))
    initialize_lora_eva_weights(peft_model, train_loader)
    for batch in train_loader:
        batch = {k: v.to("cuda", non_blocking=True) for k, v in batch.items()}
        loss = peft_model(**batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def eva_state_then_trainer(train_ds, collate, config):
    model = AutoModelForCausalLM.from_pretrained("gpt2")
    svd_loader = DataLoader(train_ds, batch_size=svd_batch_size, collate_fn=collate, num_workers=2)  # ok: read by a library before the Trainer runs
    state = get_eva_state_dict(model, svd_loader, config)
    peft_model = get_peft_model(model, LoraConfig(r=8, init_lora_weights="eva"))
    peft_model.load_state_dict(state, strict=False)
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=batch_size, dataloader_num_workers=4)
    Trainer(model=peft_model, args=args, train_dataset=train_ds, data_collator=collate).train()


def manual_loop_beside_trainer(train_ds, collate, optimizer, model):
    steps_loader = DataLoader(train_ds, batch_size=2, shuffle=True, collate_fn=collate, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "batch size is 2"
    for batch in tqdm(steps_loader):
        loss = model(**{k: v.to("cuda", non_blocking=True) for k, v in batch.items()}).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

"""Lightning calls a LightningModule's per-batch hooks (on_train_batch_end,
on_after_backward, on_validation_batch_end...) on every batch, like
training_step itself: work there runs once per step. Epoch hooks run once
per epoch."""
import lightning as L
import torch


class LitClassifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 10)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def on_train_batch_end(self, outputs, batch, batch_idx):
        print(f"finished batch {batch_idx}")  # expect: GPU206 "on_train_batch_end hook"
        torch.cuda.empty_cache()  # expect: GPU208
        if batch_idx % 500 == 0:
            print(f"reached batch {batch_idx}")  # ok: every 500 batches

    def on_validation_batch_end(self, outputs, batch, batch_idx, dataloader_idx=0):
        print("validated a batch")  # expect: GPU206 "on_validation_batch_end hook"

    def on_train_epoch_end(self):
        print(f"epoch {self.current_epoch} done")  # ok: once per epoch

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(1024, 32), torch.randint(0, 10, (1024,)))
    loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    L.Trainer(max_epochs=2, accelerator="gpu").fit(LitClassifier(), loader, loader)

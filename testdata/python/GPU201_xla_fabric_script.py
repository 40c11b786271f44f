"""A Fabric script written for TPUs (it imports torch_xla) runs its model on
the XLA device, not a GPU: Fabric's import alone does not put it on the GPU
path, so no tensor of it is a GPU tensor and the device rules stay silent;
nor does per-step logging leave a GPU idle.
The same loop without torch_xla is GPU201's (GPU201_element_store_into_host_tensor.py)."""
import lightning as L
import torch
import torch_xla.core.xla_model as xm


def train(fabric, model, optimizer, loader, steps):
    losses = torch.zeros(steps)
    for step, batch in enumerate(loader):
        loss = model(batch.to(fabric.device)).sum()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        xm.mark_step()
        print(f"step {step} done")  # ok: GPU206 (no GPU waits on the host here)
        losses[step] = loss  # ok: GPU201 (an XLA tensor, not a GPU one)
        if loss.item() > 1e3:  # ok: GPU201 (an XLA tensor, not a GPU one)
            break
    return losses


def main():
    fabric = L.Fabric(devices=8)  # the accelerator picked where it runs
    fabric.launch()
    model = torch.nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    data = torch.utils.data.DataLoader(torch.randn(256, 4), batch_size=32, num_workers=4, persistent_workers=True)
    loader = fabric.setup_dataloaders(data)
    train(fabric, model, optimizer, loader, 100)


if __name__ == "__main__":
    main()

# A branch that fills the list its test measures (`if len(shown) < cap:
# shown.append(...)`) runs for the first `cap` items of the whole run, then
# never again: its read is no per-batch wait. A test of one list that fills
# another is no such cap.
import torch
import wandb

PREVIEW_COUNT = 8


@torch.no_grad()
def validate(net, loader, cap=PREVIEW_COUNT):
    net.eval()
    previews, errors, worst = [], [], []
    for images, labels in loader:
        images = images.cuda(non_blocking=True)
        logits = net(images)
        if len(previews) < cap:
            previews.append(wandb.Image(images[0].cpu()))  # ok: GPU201 (the first 8 batches only)
        if len(errors) < cap:
            worst.append(logits.max().item())  # expect: GPU201 "copies"
        errors.append((logits.argmax(1).cpu() != labels).sum())  # expect: GPU201 "copies"
    wandb.log({"previews": previews})
    return worst


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(256, 3, 8, 8), torch.randint(0, 10, (256,)))
    loader = torch.utils.data.DataLoader(data, batch_size=16, num_workers=2, pin_memory=True, persistent_workers=True)
    net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(192, 10)).cuda()
    validate(net, loader)

# The collate functions come from another module and are only named here
# (`collate_fn=collate_padded`), never called: the file still reads them
# from that module. One builds its batch around an object that moves
# itself but defines no pin_memory(), which pin_memory=True could not pin;
# the other stacks plain tensors, whose pageable copy is reported.
import torch
from torch.utils.data import DataLoader, TensorDataset

from batches import collate_padded, collate_stacked


def main(epochs=10):
    device = torch.device("cuda")
    model = torch.nn.Conv2d(3, 4, 3).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    data = TensorDataset(torch.randn(64, 3, 32, 32), torch.randn(64, 4))
    padded = DataLoader(data, batch_size=16, shuffle=True, collate_fn=collate_padded, num_workers=4,  # ok: GPU103 (a Padded batch cannot be pinned)
                        persistent_workers=True)
    for epoch in range(epochs):
        for samples, targets in padded:
            samples = samples.to(device)
            loss = model(samples.pixels).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    stacked = DataLoader(data, batch_size=16, shuffle=True, collate_fn=collate_stacked, num_workers=4,  # expect: GPU103 "pageable host memory"
                         persistent_workers=True)
    for epoch in range(epochs):
        for images, targets in stacked:
            loss = model(images.to(device)).mean() + targets.to(device).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()

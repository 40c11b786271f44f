# A GAN loop that draws one batch per pass (`next(batches)`), splits it
# into micro-batches and runs a phase per optimizer: the outer loop is the
# step loop, so what it does after drawing runs on every step. An epoch
# loop that draws a preview batch beside its own loop over the loader stays
# an epoch loop.
import torch


def train_gan(G, D, dataset, g_opt, d_opt, batch_gpu, total_steps):
    device = torch.device("cuda")
    G.to(device)
    D.to(device)
    loader = torch.utils.data.DataLoader(dataset, batch_size=64, num_workers=8, pin_memory=True, shuffle=True)
    batches = iter(loader)
    phases = [(G, g_opt), (D, d_opt)]
    step = 0
    while step < total_steps:
        real_img, real_c = next(batches)
        real_img = real_img.to(device, non_blocking=True).split(batch_gpu)
        real_c = real_c.to(device, non_blocking=True).split(batch_gpu)
        for module, opt in phases:
            opt.zero_grad(set_to_none=True)
            for img, c in zip(real_img, real_c):
                loss = module(img, c).mean()
                loss.backward()
            opt.step()
        print(step, loss.item())  # expect: GPU201 "every step of the training step loop at line 17"
        step += 1


def train_with_preview(model, loader, preview_loader, optimizer, epochs):
    model = model.cuda()
    previews = iter(preview_loader)
    for epoch in range(epochs):
        preview = next(previews)
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            for part in preview.split(4):
                shown = model(part.cuda(non_blocking=True)).argmax(1).tolist()  # ok: GPU201 (per epoch: a preview)
        print(epoch, shown)

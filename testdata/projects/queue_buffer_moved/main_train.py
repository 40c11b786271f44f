"""Pretraining in a plain loop: the model is built, then moved to this
process's GPU in a statement of its own, as one-process-per-GPU scripts do."""
import torch
import torch.nn as nn

import builder


def main_worker(gpu, args):
    torch.cuda.set_device(gpu)
    model = builder.KeyQueue(nn.Linear(512, 128), dim=128, size=args.queue_size)
    model.cuda(gpu)
    history = builder.HostHistory()
    criterion = nn.CrossEntropyLoss().cuda(gpu)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.03)
    loader = torch.utils.data.DataLoader(args.dataset, batch_size=256, num_workers=8, pin_memory=True,
                                         persistent_workers=True)
    for epoch in range(args.epochs):
        for im_q, im_k in loader:
            im_q = im_q.cuda(gpu, non_blocking=True)
            im_k = im_k.cuda(gpu, non_blocking=True)
            output = model(im_q=im_q, im_k=im_k)  # expect: GPU201 "int(self.queue_ptr)"
            target = torch.zeros(output.shape[0], dtype=torch.long, device=output.device)
            loss = criterion(output, target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            history()  # ok: GPU201 (a module never moved: its buffer stays on the host)

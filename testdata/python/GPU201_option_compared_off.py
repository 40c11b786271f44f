"""GPU201/GPU203: a branch whose test compares an option with a number is off
when the option resolves to a value that makes the test false: a repetition
penalty of 1.0 (`!= 1.0`), an auxiliary loss weight of 0.0 (`> 0.0`, also
once it is copied onto `self` in __init__), a save interval of 0 (`> 0 and
step % interval == 0`). The same tests with options that make them true
still run on every step, and so do tests of an option the script assigns
again or a launcher sets (the rank)."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--repetition_penalty", type=float, default=1.0)
parser.add_argument("--alpha_mse", type=float, default=0.0)
parser.add_argument("--alpha_ce", type=float, default=0.5)
parser.add_argument("--save_steps", type=int, default=0)
parser.add_argument("--min_tokens", type=int, default=4)
parser.add_argument("--rank", type=int, default=-1)
parser.add_argument("--trace_tokens", type=int, default=0)
args = parser.parse_args()
args.trace_tokens = args.trace_tokens or 1  # the default is not what the loop reads

device = torch.device("cuda")
dataset = torch.utils.data.TensorDataset(torch.randint(0, 100, (512, 16)))


class Distiller:
    def __init__(self, params, student, teacher):
        self.alpha_mse = params.alpha_mse
        self.alpha_ce = params.alpha_ce
        self.student = student.to(device)
        self.teacher = teacher.to(device)
        self.optimizer = torch.optim.AdamW(self.student.parameters(), lr=1e-4)
        self.loader = DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
        self.last_mse = 0.0
        self.last_ce = 0.0

    def train(self):
        for (tokens,) in self.loader:
            tokens = tokens.to(device, non_blocking=True)
            s, t = self.student(tokens), self.teacher(tokens)
            loss = F.kl_div(s.log_softmax(-1), t.softmax(-1), reduction="batchmean")
            if self.alpha_mse > 0.0:
                loss_mse = F.mse_loss(s, t)
                loss = loss + self.alpha_mse * loss_mse
                self.last_mse = loss_mse.item()  # ok: GPU201 (--alpha_mse defaults to 0.0: the branch is off)
            if self.alpha_ce > 0.0:
                loss_ce = F.cross_entropy(s.view(-1, 100), tokens.view(-1))
                loss = loss + self.alpha_ce * loss_ce
                self.last_ce = loss_ce.item()  # expect: GPU201
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()


def train_generator(model, optimizer):
    loader = DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (tokens,) in enumerate(loader):
        tokens = tokens.to(device, non_blocking=True)
        scores = model(tokens)
        if args.repetition_penalty != 1.0:
            for tok in scores.argmax(-1)[0].tolist():  # ok: GPU201 (the penalty defaults to 1.0: the branch is off)
                scores[0, :, tok] /= args.repetition_penalty
        if args.min_tokens > 0:
            lengths = tokens.ne(0).sum(-1).tolist()  # expect: GPU201
        loss = F.cross_entropy(scores.view(-1, 100), tokens.view(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if args.rank == 0:
            print(loss.item())  # expect: GPU201 (the launcher sets the rank at run time)
        if args.trace_tokens > 0:
            lengths = lengths + tokens.eq(1).sum(-1).tolist()  # expect: GPU201
        if args.save_steps > 0 and step % args.save_steps == 0:
            torch.save(model.state_dict(), f"step_{step}.pt")  # ok: GPU203 (--save_steps 0 turns saving off)


student = torch.nn.Sequential(torch.nn.Embedding(100, 64), torch.nn.Linear(64, 100))
teacher = torch.nn.Sequential(torch.nn.Embedding(100, 64), torch.nn.Linear(64, 100))
Distiller(args, student, teacher).train()
train_generator(student.to(device), torch.optim.SGD(student.parameters(), lr=0.1))

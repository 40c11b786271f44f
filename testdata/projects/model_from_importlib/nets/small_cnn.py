import torch.nn as nn


class SmallNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.fc = nn.Linear(16, classes)

    def forward(self, x):
        return self.fc(x), None


def get_model(classes):
    return SmallNet(classes)

"""GPU205 fixture: the loop fix adds `import torch` when the script has no name for torch (tab indentation)."""
import pickle

from torch import nn
from torch.utils.data import DataLoader

model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 4)).cuda()
with open("weights.pkl", "rb") as f:
	model.load_state_dict(pickle.load(f))
model.eval()
with open("test.pkl", "rb") as f:
	loader = DataLoader(pickle.load(f), batch_size=64, num_workers=2, pin_memory=True)
predictions = []
for batch in loader:  # expect: GPU205 "This evaluation loop"
	if batch.numel():
		predictions.append(model(batch.cuda(non_blocking=True)).argmax(dim=1))
print(len(predictions))

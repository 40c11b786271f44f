# Keras places the model on the GPU by itself.
import numpy as np
from tensorflow import keras

model = keras.Sequential([keras.layers.Dense(64, activation="relu"), keras.layers.Dense(2)])
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(np.random.rand(2048, 16), np.random.randint(0, 2, 2048), batch_size=64, epochs=5)

"""Layer 3: teaching the game with its own physics and referee.

``preview`` plays the shot as aimed, noise-free, through the match (the real
physics and the real referee) and keeps each moving body's path;
``verdict`` words the ruling for the shooter ("you would be out, rule 13")
from the ruling's data; ``advice`` asks a planning AI for the best shot and
``why`` says in one sentence, in the rules' terms, why it is good;
``lessons`` loads the course (scenario files plus short texts) and judges a
lesson's shot by the referee's ruling.  Nothing here imports the app.
"""

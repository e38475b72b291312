"""The match: the turn loop that wires the physics event stream to the referee."""

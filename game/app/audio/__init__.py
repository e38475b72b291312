"""The game's sounds: procedural clicks, thuds and rolling (``synth``), loudness from a contact's impulse (``mapping``), the pools that play them (``bank``)."""

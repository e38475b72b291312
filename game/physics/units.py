"""Bullet's unit of length: where our SI values cross into Bullet and back.

Bullet works in millimetres: it pads every bounding box by a fixed 0.02
length units (its contact breaking threshold) and merges islands through any
overlap, so in metres that was 2 cm around 8 mm balls, and a passing taw woke
whole clusters.  In millimetres the padding is 0.02 mm.  Masses are kept,
every solver setting we rely on is scale-free, and only our boundary converts
(lengths, velocities and impulses times ``BULLET_UNIT`` inside Bullet).
"""

BULLET_UNIT = 1000.0   # Bullet lengths (mm) per metre

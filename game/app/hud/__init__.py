"""The 2-D layer over the table: the in-game HUD, the ruling feed, the purse chart, the rules panel, the Sun indicator, widgets and the theme."""

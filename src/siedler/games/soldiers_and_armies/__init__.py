"""Soldaten & Armeen (Soldiers & Armies): armies, dice combat, walls and the nuke (issue 13)."""

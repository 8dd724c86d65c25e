"""The demo tournament: its data and the rounds it plays through the operations."""

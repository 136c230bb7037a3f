"""Drop-in integrations for the trainers researchers use: verl, rllm, TRL, SkyRL, prime-rl.

None of them imports its framework when imported: each has the call shape its framework expects (read from
the framework's source) and is configured from HARNESS_LAB_URL, HARNESS_LAB_TOKEN, HARNESS_LAB_EXPERIMENT
and HARNESS_LAB_RUN unless given a Client.
"""

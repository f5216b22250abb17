# Mem0's configuration (docs/open-source/configuration.mdx), unchanged but for the
# import (was: from mem0 import Memory) and the checks: a config remem cannot honour
# is accepted (one warning per part), never a crash.
from remem.compat.mem0 import Memory

config = {
    "vector_store": {
        "provider": "qdrant",
        "config": {"host": "localhost", "port": 6333},
    },
    "llm": {
        "provider": "openai",
        "config": {"model": "gpt-5-mini", "temperature": 0.1},
    },
    "embedder": {
        "provider": "openai",
        "config": {"model": "text-embedding-3-small"},
    },
    "reranker": {
        "provider": "cohere",
        "config": {"model": "rerank-v3.5"},
    },
}

memory = Memory.from_config(config)
memory.add("The office wifi is called Atlas", user_id="sam", infer=False)
found = memory.search("office wifi", filters={"user_id": "sam"}, rerank=True)
assert found["results"][0]["memory"] == "The office wifi is called Atlas"
memory.reset()
assert memory.get_all(filters={"user_id": "sam"})["results"] == []

"""Peer: a small Scrapy spider crawling the demo site breadth-first with a fixed concurrency.

    python3 -m scrapy runspider bench/peers/scrapy_spider.py -a url=URL -a max_pages=N \
        -s CONCURRENT_REQUESTS=C -s CONCURRENT_REQUESTS_PER_DOMAIN=C -s CLOSESPIDER_TIMEOUT=S

No AutoThrottle, no robots.txt, no download delay; links via Scrapy's own selector (lxml).
Prints one line `BENCH_RESULT {"pages": ..., "errors": ...}` on stdout when it closes.
"""
import json
import sys
from urllib.parse import urlsplit

import scrapy


class BenchSpider(scrapy.Spider):
    name = "bench"

    @classmethod
    def update_settings(cls, settings):
        super().update_settings(settings)
        # Concurrency and the time limit come from the command line (-s), which wins over these.
        settings.set("AUTOTHROTTLE_ENABLED", False, priority="spider")
        settings.set("ROBOTSTXT_OBEY", False, priority="spider")
        settings.set("DOWNLOAD_DELAY", 0, priority="spider")
        settings.set("COOKIES_ENABLED", False, priority="spider")
        settings.set("TELNETCONSOLE_ENABLED", False, priority="spider")
        settings.set("LOG_LEVEL", "WARNING", priority="spider")
        # Breadth-first, like the other crawlers in the benchmark.
        settings.set("DEPTH_PRIORITY", 1, priority="spider")
        settings.set("SCHEDULER_DISK_QUEUE", "scrapy.squeues.PickleFifoDiskQueue", priority="spider")
        settings.set("SCHEDULER_MEMORY_QUEUE", "scrapy.squeues.FifoMemoryQueue", priority="spider")

    def __init__(self, url, max_pages="500", **kw):
        super().__init__(**kw)
        self.start_urls = [url]
        self.host = urlsplit(url).netloc
        self.max_pages = int(max_pages)
        self.pages = 0
        self.errors = 0

    def start_requests(self):
        for u in self.start_urls:
            yield scrapy.Request(u, callback=self.parse, errback=self.failed)

    def parse(self, response):
        self.pages += 1
        if self.pages >= self.max_pages:
            raise scrapy.exceptions.CloseSpider("page cap")
        if not isinstance(response, scrapy.http.HtmlResponse):
            return
        for href in response.css("a::attr(href)").getall():
            u = response.urljoin(href)
            if urlsplit(u).netloc == self.host:
                yield scrapy.Request(u.split("#")[0], callback=self.parse, errback=self.failed)

    def failed(self, failure):
        self.errors += 1

    def closed(self, reason):
        sys.stdout.write("BENCH_RESULT " + json.dumps({"pages": self.pages, "errors": self.errors}) + "\n")
        sys.stdout.flush()

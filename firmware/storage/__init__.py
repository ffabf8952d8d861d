# The journal and where it is kept: the stores (nvm, FRAM), the codecs, the CRC.

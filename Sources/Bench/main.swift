import ProvisioningCrypto

print("benchmarks arrive with their issues")

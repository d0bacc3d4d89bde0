// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
interface IENSRegistry { function resolver(bytes32 node) external view returns (address); }
interface INameResolver { function name(bytes32 node) external view returns (string memory); }
interface IAddrResolver { function addr(bytes32 node) external view returns (address); }

/// Minimal stand-in for the ENS UniversalResolver exposing exactly what viem 2.x calls.
/// No CCIP-read, no ENSIP-10 wildcard walk.
contract LocalUniversalResolver {
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);
    bytes32 constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;
    IENSRegistry public immutable registry;
    constructor(IENSRegistry _registry) { registry = _registry; }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external view returns (bytes memory result, address resolver)
    {
        bytes32 node = _namehashDns(name, 0);
        resolver = registry.resolver(node);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        (bool ok, bytes memory ret) = resolver.staticcall(data);
        if (!ok) revert ResolverError(ret);
        return (ret, resolver);
    }

    function findResolver(bytes calldata name) external view returns (address, bytes32, uint256) {
        bytes32 node = _namehashDns(name, 0);
        return (registry.resolver(node), node, 0);
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external view returns (string memory primary, address resolver, address reverseResolver)
    {
        if (coinType != 60 || lookupAddress.length != 20) revert UnsupportedResolverProfile(bytes4(0x691f3431));
        address a = address(bytes20(lookupAddress));
        bytes32 rnode = keccak256(abi.encodePacked(ADDR_REVERSE_NODE, _sha3HexAddress(a)));
        reverseResolver = registry.resolver(rnode);
        if (reverseResolver == address(0)) revert ResolverNotFound(lookupAddress);
        primary = INameResolver(reverseResolver).name(rnode);
        if (bytes(primary).length == 0) return (primary, address(0), reverseResolver);
        bytes32 node = _namehashStr(primary);
        resolver = registry.resolver(node);
        address fwd = resolver == address(0) ? address(0) : IAddrResolver(resolver).addr(node);
        if (fwd != a) revert ReverseAddressMismatch(primary, abi.encodePacked(fwd));
    }

    function _namehashDns(bytes memory name, uint256 offset) internal pure returns (bytes32) {
        uint256 len = uint8(name[offset]);
        if (len == 0) return bytes32(0);
        bytes32 parent = _namehashDns(name, offset + 1 + len);
        bytes32 label;
        assembly { label := keccak256(add(add(name, 33), offset), len) }
        return keccak256(abi.encodePacked(parent, label));
    }
    function _namehashStr(string memory s) internal pure returns (bytes32 node) {
        bytes memory b = bytes(s);
        uint256 end = b.length;
        for (uint256 i = b.length; i > 0; i--) {
            if (b[i - 1] == ".") { node = keccak256(abi.encodePacked(node, _hashSlice(b, i, end))); end = i - 1; }
        }
        node = keccak256(abi.encodePacked(node, _hashSlice(b, 0, end)));
    }
    function _hashSlice(bytes memory b, uint256 start, uint256 end) internal pure returns (bytes32 h) {
        assembly { h := keccak256(add(add(b, 32), start), sub(end, start)) }
    }
    function _sha3HexAddress(address addr) internal pure returns (bytes32) {
        bytes16 hexChars = "0123456789abcdef";
        bytes memory s = new bytes(40);
        uint160 v = uint160(addr);
        for (uint256 i = 40; i > 0; i--) { s[i - 1] = hexChars[v & 0xf]; v >>= 4; }
        return keccak256(s);
    }
}

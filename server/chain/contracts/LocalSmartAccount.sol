// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/src/accounts/ERC4337Factory.sol";
import {SignatureCheckerLib} from "solady/src/utils/SignatureCheckerLib.sol";

/// @notice Solady's ERC-4337 account (EntryPoint v0.7; owner-signed user operations; ERC-1271 signatures with
/// ERC-7739 nested typed data; UUPS-upgradeable), named for its EIP-712 domain, plus session keys: scoped
/// permissions (ERC-7715 "smart sessions") the owner grants to another key, enforced here on chain.
/// A session lets its key send user operations that do exactly one thing: `execute(token, 0, transfer(to, amount))`
/// on the session's token with an amount above zero, while the sum of the amounts stays within the session's limit
/// and until its expiry (returned to the EntryPoint as `validUntil`). What the key's operations may cost the account
/// in network fees is bounded too: each one's most the EntryPoint can charge (its gas limits times its max fee per
/// gas) is counted against the session's fee budget, and an operation that would go over it is refused; such an
/// operation has no initCode and no paymaster (so that maximum is all it can cost). The owner revokes a session with a user operation, or by signing
/// `RevokeSession(bytes32 id)` (EIP-712, this account's domain) for anyone to relay: a revoked session's key
/// can do nothing more.
contract LocalSmartAccount is ERC4337 {
    struct Session {
        address signer;
        address token;
        uint48 validUntil;
        bool revoked;
        uint256 limit;
        uint256 spent;
        /// @dev Wei: the most the session's operations may cost the account in network fees, and what they have.
        uint256 feeBudget;
        uint256 feeSpent;
    }

    /// @dev A session's user operation signature: this prefix, the session id, then the key's 65-byte signature
    /// of the user operation hash (as an Ethereum signed message).
    bytes4 internal constant _SESSION_SIGNATURE = 0x5e55e55e;
    bytes32 internal constant _REVOKE_SESSION_TYPEHASH = keccak256("RevokeSession(bytes32 id)");

    mapping(bytes32 => Session) internal _sessions;

    /// @dev `site`: the origin of the site the permission was granted to (what the wallet showed its owner).
    event SessionGranted(bytes32 indexed id, address indexed signer, address indexed token, uint256 limit, uint256 feeBudget, uint48 validUntil, string site);
    event SessionRevoked(bytes32 indexed id);

    error SessionExists();
    error NoSuchSession();

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("LocalSmartAccount", "1");
    }

    /// @dev The owner's user operations (through the EntryPoint or the account itself), or the owner.
    modifier onlyOwnerSide() {
        if (msg.sender != entryPoint() && msg.sender != address(this)) _checkOwner();
        _;
    }

    /// @notice Grants `signer` the right to transfer up to `limit` of `token` from this account until `validUntil`,
    /// its operations costing at most `feeBudget` wei in network fees altogether, on behalf of `site` (an origin,
    /// recorded in the event for the owner's list of sessions).
    function grantSession(bytes32 id, address signer, address token, uint256 limit, uint256 feeBudget, uint48 validUntil, string calldata site) external onlyOwnerSide {
        if (_sessions[id].signer != address(0)) revert SessionExists();
        _sessions[id] = Session(signer, token, validUntil, false, limit, 0, feeBudget, 0);
        emit SessionGranted(id, signer, token, limit, feeBudget, validUntil, site);
    }

    /// @notice Revokes session `id` (the owner's own user operation).
    function revokeSession(bytes32 id) external onlyOwnerSide {
        _revoke(id);
    }

    /// @notice Revokes session `id` with the owner's EIP-712 signature of `RevokeSession(id)`; anyone may relay it.
    function revokeSessionWithSignature(bytes32 id, bytes calldata signature) external {
        bytes32 digest = _hashTypedData(keccak256(abi.encode(_REVOKE_SESSION_TYPEHASH, id)));
        if (!SignatureCheckerLib.isValidSignatureNowCalldata(owner(), digest, signature)) revert Unauthorized();
        _revoke(id);
    }

    function getSession(bytes32 id) external view returns (Session memory) {
        return _sessions[id];
    }

    function _revoke(bytes32 id) internal {
        Session storage session = _sessions[id];
        if (session.signer == address(0)) revert NoSuchSession();
        if (!session.revoked) {
            session.revoked = true;
            emit SessionRevoked(id);
        }
    }

    /// @dev The owner's signature as Solady checks it, or a session key's within its permission.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash) internal override returns (uint256) {
        bytes calldata signature = userOp.signature;
        if (signature.length != 101 || bytes4(signature[0:4]) != _SESSION_SIGNATURE) return super._validateSignature(userOp, userOpHash);
        Session storage session = _sessions[bytes32(signature[4:36])];
        if (session.signer == address(0) || session.revoked) return 1;
        // No paymaster (it could charge the account in other ways) and no initCode (the account exists already).
        if (userOp.paymasterAndData.length != 0 || userOp.initCode.length != 0) return 1;
        uint256 amount = _sessionTransfer(userOp.callData, session.token);
        if (amount == 0 || amount == type(uint256).max || amount > session.limit - session.spent) return 1;
        // The fee is counted at its most, the EntryPoint's prefund: the account gets the unused part back, the
        // budget does not (it is a bound). Over the budget is refused after the same work as within it, so that a
        // gas estimate (made with generous limits and a stub signature) is not cheaper than the real validation.
        uint256 fee = _maxCost(userOp);
        bool withinBudget = fee <= session.feeBudget - session.feeSpent;
        // Counted before the signature is checked, so a gas estimate with a stub signature costs the same; a
        // refusal (1, a signature failure) fails the whole bundle, and these writes with it.
        unchecked {
            session.spent += amount;
            session.feeSpent += fee;
        }
        bytes32 digest = SignatureCheckerLib.toEthSignedMessageHash(userOpHash);
        if (!SignatureCheckerLib.isValidSignatureNowCalldata(session.signer, digest, signature[36:101]) || !withinBudget) return 1;
        // Valid until the session's expiry (the EntryPoint refuses it after): validUntil in bits 160..207.
        return uint256(session.validUntil) << 160;
    }

    /// @dev The most the EntryPoint charges the account for `userOp` without a paymaster (its required prefund):
    /// every gas limit, pre-verification gas included, times the max fee per gas. The actual charge, the penalty on
    /// unused call gas and a reverted call's gas included, never exceeds it. Overflow reverts (refused).
    function _maxCost(PackedUserOperation calldata userOp) internal pure returns (uint256) {
        uint256 limits = uint256(userOp.accountGasLimits);
        uint256 gas = (limits >> 128) + uint128(limits) + userOp.preVerificationGas;
        return gas * uint128(uint256(userOp.gasFees));
    }

    /// @dev The amount of `execute(token, 0, transfer(to, amount))`, or the maximum for any other call.
    function _sessionTransfer(bytes calldata callData, address token) internal pure returns (uint256) {
        if (callData.length < 4 || bytes4(callData[0:4]) != this.execute.selector) return type(uint256).max;
        (address target, uint256 value, bytes memory data) = abi.decode(callData[4:], (address, uint256, bytes));
        if (target != token || value != 0 || data.length != 68) return type(uint256).max;
        bytes4 selector;
        uint256 amount;
        assembly {
            selector := mload(add(data, 0x20))
            amount := mload(add(data, 0x44))
        }
        if (selector != 0xa9059cbb) return type(uint256).max; // transfer(address,uint256)
        return amount;
    }
}

/// @notice Solady's factory (ERC-1967 proxies of one implementation at CREATE2 addresses) with the
/// `createAccount(owner, salt)` entry viem's toSoladySmartAccount calls. The salt's upper 160 bits must be the
/// owner, so an address can only ever belong to that owner.
contract LocalSmartAccountFactory is ERC4337Factory {
    error SaltNotOwner();

    constructor(address erc4337) ERC4337Factory(erc4337) {}

    function createAccount(address owner, bytes32 salt) external payable returns (address) {
        if (address(uint160(uint256(salt) >> 96)) != owner) revert SaltNotOwner();
        return createAccount(salt);
    }
}

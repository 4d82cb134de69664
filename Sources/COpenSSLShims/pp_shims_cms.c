#include "pp_shims_cms.h"
#include "pp_shims_base.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/rsa.h>
#include <openssl/ec.h>
#include <openssl/x509.h>
#include <string.h>

static int pp_configure_recipient(CMS_RecipientInfo *ri, EVP_PKEY *pkey) {
    EVP_PKEY_CTX *pctx = CMS_RecipientInfo_get0_pkey_ctx(ri);
    if (pctx == NULL) return 0;
    if (EVP_PKEY_is_a(pkey, "RSA")) {
        return EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_OAEP_PADDING) > 0 &&
               EVP_PKEY_CTX_set_rsa_oaep_md(pctx, EVP_sha256()) > 0 &&
               EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, EVP_sha256()) > 0;
    }
    if (EVP_PKEY_is_a(pkey, "EC")) {
        /* OpenSSL's default KDF digest for CMS ECDH is SHA-1; RFC 5753 allows SHA-256. */
        return EVP_PKEY_CTX_set_ecdh_kdf_md(pctx, EVP_sha256()) > 0;
    }
    return 0;
}

CMS_ContentInfo *pp_cms_encrypt(X509 *recipient, const uint8_t *data, size_t data_len,
                                pp_cms_cipher cipher) {
    if (data_len > INT32_MAX) return NULL;
    const EVP_CIPHER *evp_cipher = cipher == PP_CMS_AES256_GCM ? EVP_aes_256_gcm() : EVP_aes_256_cbc();
    unsigned int flags = CMS_BINARY | CMS_PARTIAL | CMS_KEY_PARAM;
    CMS_ContentInfo *cms = NULL;
    BIO *in = NULL;
    EVP_PKEY *pkey = X509_get0_pubkey(recipient);
    if (pkey == NULL) return NULL;
    cms = CMS_encrypt(NULL, NULL, evp_cipher, flags);
    if (cms == NULL) goto fail;
    CMS_RecipientInfo *ri = CMS_add1_recipient_cert(cms, recipient, flags);
    if (ri == NULL || !pp_configure_recipient(ri, pkey)) goto fail;
    in = BIO_new_mem_buf(data_len > 0 ? data : (const uint8_t *)"", (int)data_len);
    if (in == NULL) goto fail;
    if (CMS_final(cms, in, NULL, CMS_BINARY) != 1) goto fail;
    BIO_free(in);
    return cms;
fail:
    BIO_free(in);
    CMS_ContentInfo_free(cms);
    return NULL;
}

/* Whether OpenSSL may unwrap the content key of this key-agreement recipient:
   only AES key wrap without padding (RFC 3394), the AES wraps RFC 5753 defines.
   OpenSSL 3.0's AES-WRAP-PAD unwrap (CRYPTO_128_unwrap_pad) wipes `inlen` bytes
   of its output on failure, but reports and CMS allocates `inlen - 8`
   (cms_kek_cipher): every wrapped key that does not unwrap, which a sender
   chooses, zeroes 8 bytes past a heap block, found by ASan as a bad-free in
   CMS_ContentInfo_free when the next block is part of the message. Such a
   recipient is refused before OpenSSL sees it, on every decryption path. */
static int pp_cms_kari_wrap_supported(CMS_RecipientInfo *ri) {
    X509_ALGOR *kdf = NULL;
    if (CMS_RecipientInfo_kari_get0_alg(ri, &kdf, NULL) != 1 || kdf == NULL) return 0;
    int ptype = V_ASN1_UNDEF;
    const void *pval = NULL;
    X509_ALGOR_get0(NULL, &ptype, &pval, kdf);
    if (ptype != V_ASN1_SEQUENCE || pval == NULL) return 0;
    /* Decoded the way ecdh_cms_set_shared_info does, so both see one algorithm. */
    const unsigned char *p = ASN1_STRING_get0_data(pval);
    X509_ALGOR *wrap = d2i_X509_ALGOR(NULL, &p, ASN1_STRING_length(pval));
    if (wrap == NULL) return 0;
    const ASN1_OBJECT *oid = NULL;
    X509_ALGOR_get0(&oid, NULL, NULL, wrap);
    int nid = OBJ_obj2nid(oid);
    X509_ALGOR_free(wrap);
    return nid == NID_id_aes128_wrap || nid == NID_id_aes192_wrap || nid == NID_id_aes256_wrap;
}

/* Whether an AlgorithmIdentifier names `nid` (parameters absent or NULL, as
   RFC 4055 allows for the SHA-2 digests). */
static int pp_algor_is(const X509_ALGOR *alg, int nid) {
    if (alg == NULL) return 0;
    const ASN1_OBJECT *oid = NULL;
    int ptype = V_ASN1_UNDEF;
    X509_ALGOR_get0(&oid, &ptype, NULL, alg);
    return OBJ_obj2nid(oid) == nid && (ptype == V_ASN1_UNDEF || ptype == V_ASN1_NULL);
}

/* Key transport accepted for card payloads: RSAES-OAEP (RFC 8017) with
   SHA-256 and MGF1-SHA-256, explicitly (OAEP's absent parameters mean SHA-1),
   and the default empty label. Checked before OpenSSL decrypts anything, so a
   PKCS #1 v1.5 message never reaches a padding check that could leak. */
static int pp_cms_ktri_oaep_sha256(CMS_RecipientInfo *ri) {
    X509_ALGOR *alg = NULL;
    if (CMS_RecipientInfo_ktri_get0_algs(ri, NULL, NULL, &alg) != 1 || alg == NULL) return 0;
    const ASN1_OBJECT *oid = NULL;
    int ptype = V_ASN1_UNDEF;
    const void *pval = NULL;
    X509_ALGOR_get0(&oid, &ptype, &pval, alg);
    if (OBJ_obj2nid(oid) != NID_rsaesOaep || ptype != V_ASN1_SEQUENCE || pval == NULL) return 0;
    const unsigned char *p = ASN1_STRING_get0_data(pval);
    RSA_OAEP_PARAMS *params = d2i_RSA_OAEP_PARAMS(NULL, &p, ASN1_STRING_length(pval));
    if (params == NULL) return 0;
    int ok = pp_algor_is(params->hashFunc, NID_sha256);
    if (ok && params->pSourceFunc != NULL) {
        /* Only the empty label, however it is spelled (absent or id-pSpecified ''). */
        const ASN1_OBJECT *source = NULL;
        int source_type = V_ASN1_UNDEF;
        const void *label = NULL;
        X509_ALGOR_get0(&source, &source_type, &label, params->pSourceFunc);
        ok = OBJ_obj2nid(source) == NID_pSpecified && source_type == V_ASN1_OCTET_STRING && label != NULL &&
             ASN1_STRING_length(label) == 0;
    }
    if (ok) {
        /* maskGenFunc: id-mgf1 whose parameter is the hash's AlgorithmIdentifier. */
        const ASN1_OBJECT *mgf = NULL;
        int mgf_type = V_ASN1_UNDEF;
        const void *mgf_value = NULL;
        ok = params->maskGenFunc != NULL;
        if (ok) X509_ALGOR_get0(&mgf, &mgf_type, &mgf_value, params->maskGenFunc);
        ok = ok && OBJ_obj2nid(mgf) == NID_mgf1 && mgf_type == V_ASN1_SEQUENCE && mgf_value != NULL;
        if (ok) {
            const unsigned char *q = ASN1_STRING_get0_data(mgf_value);
            X509_ALGOR *mgf_hash = d2i_X509_ALGOR(NULL, &q, ASN1_STRING_length(mgf_value));
            ok = pp_algor_is(mgf_hash, NID_sha256);
            X509_ALGOR_free(mgf_hash);
        }
    }
    RSA_OAEP_PARAMS_free(params);
    return ok;
}

/* OpenSSL does not always queue an error when no RecipientInfo matches (KARI),
   so the match is decided here, before decrypting. Every key-agreement
   recipient naming the certificate is checked, not only the first match:
   CMS_decrypt picks its recipient by key type, so a matching key-transport
   recipient earlier in the list must not hide a key-agreement one. */
static pp_cms_decrypt_status pp_cms_match_recipient(CMS_ContentInfo *cms, X509 *cert) {
    STACK_OF(CMS_RecipientInfo) *infos = CMS_get0_RecipientInfos(cms);
    if (infos == NULL) return PP_CMS_DECRYPT_NO_RECIPIENT;
    int found = 0;
    for (int i = 0; i < sk_CMS_RecipientInfo_num(infos); i++) {
        CMS_RecipientInfo *ri = sk_CMS_RecipientInfo_value(infos, i);
        switch (CMS_RecipientInfo_type(ri)) {
        case CMS_RECIPINFO_TRANS:
            if (CMS_RecipientInfo_ktri_cert_cmp(ri, cert) == 0) {
                if (!pp_cms_ktri_oaep_sha256(ri)) return PP_CMS_DECRYPT_UNSUPPORTED_KEY_TRANSPORT;
                found = 1;
            }
            break;
        case CMS_RECIPINFO_AGREE: {
            STACK_OF(CMS_RecipientEncryptedKey) *keys = CMS_RecipientInfo_kari_get0_reks(ri);
            for (int j = 0; j < sk_CMS_RecipientEncryptedKey_num(keys); j++) {
                if (CMS_RecipientEncryptedKey_cert_cmp(sk_CMS_RecipientEncryptedKey_value(keys, j), cert) == 0) {
                    if (!pp_cms_kari_wrap_supported(ri)) return PP_CMS_DECRYPT_UNSUPPORTED_KEY_WRAP;
                    found = 1;
                    break;
                }
            }
            break;
        }
        default:
            break;
        }
    }
    return found ? PP_CMS_DECRYPT_OK : PP_CMS_DECRYPT_NO_RECIPIENT;
}

/* Key agreement for a P-256 recipient, done as CMS_decrypt would do it
   (cms_kari_set1_pkey_and_peer) except for the originator's ephemeral key:
   OpenSSL sets it with EVP_PKEY_derive_set_peer, whose full public check adds
   n·Q = O, a second scalar multiplication per message. Here the point gets the
   quick check (on the curve, not infinity), which is full validation on P-256
   (cofactor 1), and the peer is set without re-checking. Returns 1 when the
   content-encryption key is in place, 0 when it could not be recovered, and -1
   when the message is not of the shape handled here (originator key with
   explicit parameters, say), for CMS_decrypt to handle as before. */
static int pp_cms_kari_p256(CMS_ContentInfo *cms, EVP_PKEY *pkey, X509 *cert) {
    char group[32];
    size_t group_len = 0;
    if (!EVP_PKEY_is_a(pkey, "EC") || EVP_PKEY_get_group_name(pkey, group, sizeof group, &group_len) != 1 ||
        strcmp(group, "prime256v1") != 0)
        return -1;
    STACK_OF(CMS_RecipientInfo) *infos = CMS_get0_RecipientInfos(cms);
    for (int i = 0; i < sk_CMS_RecipientInfo_num(infos); i++) {
        CMS_RecipientInfo *ri = sk_CMS_RecipientInfo_value(infos, i);
        if (CMS_RecipientInfo_type(ri) != CMS_RECIPINFO_AGREE) continue;
        STACK_OF(CMS_RecipientEncryptedKey) *keys = CMS_RecipientInfo_kari_get0_reks(ri);
        for (int j = 0; j < sk_CMS_RecipientEncryptedKey_num(keys); j++) {
            CMS_RecipientEncryptedKey *rek = sk_CMS_RecipientEncryptedKey_value(keys, j);
            if (CMS_RecipientEncryptedKey_cert_cmp(rek, cert) != 0) continue;
            X509_ALGOR *alg = NULL;
            ASN1_BIT_STRING *point = NULL;
            if (!CMS_RecipientInfo_kari_get0_orig_id(ri, &alg, &point, NULL, NULL, NULL) || alg == NULL ||
                point == NULL)
                return -1;
            /* RFC 5753: the ephemeral key's parameters are absent (or NULL) and
               its curve is the recipient's; anything else goes to OpenSSL. */
            int ptype = V_ASN1_UNDEF;
            const ASN1_OBJECT *aoid = NULL;
            X509_ALGOR_get0(&aoid, &ptype, NULL, alg);
            if (OBJ_obj2nid(aoid) != NID_X9_62_id_ecPublicKey || (ptype != V_ASN1_UNDEF && ptype != V_ASN1_NULL))
                return -1;
            EVP_PKEY *peer = pp_ec_p256_public_from_point(point->data, (size_t)point->length);
            if (peer == NULL) return 0;
            int ok = CMS_RecipientInfo_kari_set0_pkey(ri, pkey) == 1;
            EVP_PKEY_CTX *pctx = ok ? CMS_RecipientInfo_get0_pkey_ctx(ri) : NULL;
            ok = pctx != NULL && EVP_PKEY_derive_set_peer_ex(pctx, peer, 0) == 1 &&
                 CMS_RecipientInfo_kari_decrypt(cms, ri, rek) == 1;
            CMS_RecipientInfo_kari_set0_pkey(ri, NULL);
            EVP_PKEY_free(peer);
            return ok;
        }
    }
    return -1;
}

/* Unwraps the content key of the key-transport recipient naming the
   certificate with the recipient's RSA key, as CMS_decrypt does, and leaves
   it set in the message. Returns 1 when it unwrapped, 0 when it did not (a
   corrupted or foreign encrypted key: RSAES-OAEP decoding failed), -1 when
   no key-transport recipient names the certificate. */
static int pp_cms_ktri_unwrap(CMS_ContentInfo *cms, EVP_PKEY *pkey, X509 *cert) {
    STACK_OF(CMS_RecipientInfo) *infos = CMS_get0_RecipientInfos(cms);
    for (int i = 0; i < sk_CMS_RecipientInfo_num(infos); i++) {
        CMS_RecipientInfo *ri = sk_CMS_RecipientInfo_value(infos, i);
        if (CMS_RecipientInfo_type(ri) != CMS_RECIPINFO_TRANS || CMS_RecipientInfo_ktri_cert_cmp(ri, cert) != 0)
            continue;
        /* With no certificate and no output, CMS_decrypt only records that
           the recipient was not chosen by certificate and returns; with that
           flag the unwrap refuses a key whose length is not the content
           cipher's (otherwise OpenSSL would decrypt with a random key, and a
           message wrapping a 16-byte key for AES-256 would "decrypt" to
           garbage about once in 256). */
        if (CMS_decrypt(cms, NULL, NULL, NULL, NULL, 0) != 1) return 0;
        /* set0 takes a reference, which setting NULL afterwards gives back. */
        if (EVP_PKEY_up_ref(pkey) != 1) return 0;
        if (CMS_RecipientInfo_set0_pkey(ri, pkey) != 1) {
            EVP_PKEY_free(pkey);
            return 0;
        }
        int unwrapped = CMS_RecipientInfo_decrypt(cms, ri) == 1;
        CMS_RecipientInfo_set0_pkey(ri, NULL);
        return unwrapped;
    }
    return -1;
}

pp_cms_decrypt_status pp_cms_decrypt(CMS_ContentInfo *cms, EVP_PKEY *pkey, X509 *cert, BIO *out) {
    int type = OBJ_obj2nid(CMS_get0_type(cms));
    if (type != NID_pkcs7_enveloped && type != NID_id_smime_ct_authEnvelopedData) {
        return PP_CMS_DECRYPT_NOT_ENVELOPED;
    }
    pp_cms_decrypt_status matched = pp_cms_match_recipient(cms, cert);
    if (matched != PP_CMS_DECRYPT_OK) return matched;
    int agreed = pp_cms_kari_p256(cms, pkey, cert);
    if (agreed == 0) return PP_CMS_DECRYPT_FAILED;
    if (agreed == 1) {
        /* The content key is set: CMS_decrypt without key or certificate only
           decrypts the content (documented in CMS_decrypt(3)). */
        return CMS_decrypt(cms, NULL, NULL, NULL, out, CMS_BINARY) == 1 ? PP_CMS_DECRYPT_OK : PP_CMS_DECRYPT_FAILED;
    }
    int unwrapped = pp_cms_ktri_unwrap(cms, pkey, cert);
    if (unwrapped >= 0) {
        /* The content is decrypted whether or not the key unwrapped, so that a
           corrupted encrypted key (what a padding oracle probes) costs what
           corrupted content costs: with no key set, OpenSSL decrypts with a
           random one (its defence against such oracles) and fails as bad
           content does. What a random key yields — garbage, with valid
           padding about once in 256 messages — is never returned: OpenSSL's
           own CMS_decrypt, given the certificate, answered it as plaintext.
           Telling "did not unwrap" apart from "bad content" that way is safe
           only because the recipient must be RSAES-OAEP-SHA256
           (pp_cms_match_recipient), under which a forged key never unwraps. */
        ERR_clear_error();
        int decrypted = CMS_decrypt(cms, NULL, NULL, NULL, out, CMS_BINARY) == 1;
        return decrypted && unwrapped == 1 ? PP_CMS_DECRYPT_OK : PP_CMS_DECRYPT_FAILED;
    }
    if (CMS_decrypt(cms, pkey, cert, NULL, out, CMS_BINARY) == 1) return PP_CMS_DECRYPT_OK;
    /* The recipient matched and the key belongs to the certificate (the caller
       checks): what remains is a key that does not unwrap or content that does
       not decrypt or authenticate. */
    return PP_CMS_DECRYPT_FAILED;
}

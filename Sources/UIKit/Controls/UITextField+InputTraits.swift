import Foundation

// The keyboard's vocabulary (UITextInputTraits.h) and the minimal text-entry protocol (UIKeyInput). There is
// no keyboard offscreen: the traits are stored for code written for iOS and change nothing drawn, except
// `isSecureTextEntry` (text shown as bullets); `insertText(_:)` is how a scene "types".

public enum UITextAutocapitalizationType: Int, Sendable { case none = 0, words, sentences, allCharacters }
public enum UITextAutocorrectionType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextSpellCheckingType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextSmartQuotesType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextSmartDashesType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextSmartInsertDeleteType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextInlinePredictionType: Int, Sendable { case `default` = 0, no, yes }
public enum UITextMathExpressionCompletionType: Int, Sendable { case `default` = 0, no, yes }
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static var alphabet: UIKeyboardType { .asciiCapable }
}
public enum UIKeyboardAppearance: Int, Sendable {
    case `default` = 0, dark, light
    public static var alert: UIKeyboardAppearance { .dark }
}
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// What kind of content a text input expects (autofill hints on iOS); stored only.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType("name")
    public static let namePrefix = UITextContentType("honorific-prefix")
    public static let givenName = UITextContentType("given-name")
    public static let middleName = UITextContentType("additional-name")
    public static let familyName = UITextContentType("family-name")
    public static let nameSuffix = UITextContentType("honorific-suffix")
    public static let nickname = UITextContentType("nickname")
    public static let jobTitle = UITextContentType("organization-title")
    public static let organizationName = UITextContentType("organization")
    public static let location = UITextContentType("location")
    public static let fullStreetAddress = UITextContentType("street-address")
    public static let streetAddressLine1 = UITextContentType("address-line1")
    public static let streetAddressLine2 = UITextContentType("address-line2")
    public static let addressCity = UITextContentType("address-level2")
    public static let addressState = UITextContentType("address-level1")
    public static let addressCityAndState = UITextContentType("address-level1+2")
    public static let sublocality = UITextContentType("address-level3")
    public static let countryName = UITextContentType("country-name")
    public static let postalCode = UITextContentType("postal-code")
    public static let telephoneNumber = UITextContentType("tel")
    public static let emailAddress = UITextContentType("email")
    public static let URL = UITextContentType("url")
    public static let creditCardNumber = UITextContentType("cc-number")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
    public static let shipmentTrackingNumber = UITextContentType("shipment-tracking-number")
    public static let flightNumber = UITextContentType("flight-number")
    public static let dateTime = UITextContentType("date-time")
    public static let birthdate = UITextContentType("bday")
    public static let birthdateDay = UITextContentType("bday-day")
    public static let birthdateMonth = UITextContentType("bday-month")
    public static let birthdateYear = UITextContentType("bday-year")
    public static let cellularEID = UITextContentType("cellular-eid")
    public static let cellularIMEI = UITextContentType("cellular-imei")
}

/// The keyboard's settings for a text input.
///
/// Inert: there is no keyboard offscreen, so none of these changes what is drawn except
/// `isSecureTextEntry` (the text field shows bullets); they are stored for code written for iOS.
public protocol UITextInputTraits: AnyObject {
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    var autocorrectionType: UITextAutocorrectionType { get set }
    var spellCheckingType: UITextSpellCheckingType { get set }
    var smartQuotesType: UITextSmartQuotesType { get set }
    var smartDashesType: UITextSmartDashesType { get set }
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
    var inlinePredictionType: UITextInlinePredictionType { get set }
    var mathExpressionCompletionType: UITextMathExpressionCompletionType { get set }
    var keyboardType: UIKeyboardType { get set }
    var keyboardAppearance: UIKeyboardAppearance { get set }
    var returnKeyType: UIReturnKeyType { get set }
    var enablesReturnKeyAutomatically: Bool { get set }
    var isSecureTextEntry: Bool { get set }
    var textContentType: UITextContentType! { get set }
}

/// Text entry one character at a time: what a keyboard does to its first responder. Offscreen a scene
/// calls these itself to "type".
public protocol UIKeyInput: UITextInputTraits {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

/// The traits every text input of this package stores (the same defaults as iOS).
struct TextInputTraitStorage {
    var autocapitalizationType = UITextAutocapitalizationType.sentences
    var autocorrectionType = UITextAutocorrectionType.default
    var spellCheckingType = UITextSpellCheckingType.default
    var smartQuotesType = UITextSmartQuotesType.default
    var smartDashesType = UITextSmartDashesType.default
    var smartInsertDeleteType = UITextSmartInsertDeleteType.default
    var inlinePredictionType = UITextInlinePredictionType.default
    var mathExpressionCompletionType = UITextMathExpressionCompletionType.default
    var keyboardType = UIKeyboardType.default
    var keyboardAppearance = UIKeyboardAppearance.default
    var returnKeyType = UIReturnKeyType.default
    var enablesReturnKeyAutomatically = false
    var isSecureTextEntry = false
    var textContentType: UITextContentType?
}
